import {
  messages,
  type SubscriptionPlanEvent,
  type SubscriptionPlanInput,
  subscriptionMessages,
} from '@interior/contracts';
import { domainNotFound, ruleBroken } from '@interior/platform';
import type { Decider } from '../decider';

type PlanFields = SubscriptionPlanInput;

export type PlanState =
  | { status: 'absent' }
  | ({ status: 'live'; id: number } & PlanFields)
  | { status: 'deleted'; id: number };

export type PlanCommand =
  | ({ type: 'CreatePlan'; id: number } & PlanFields)
  | { type: 'UpdatePlan'; changes: Partial<PlanFields> }
  | { type: 'DeletePlan' };

export const initialPlanState = (): PlanState => ({ status: 'absent' });

export function evolvePlan(state: PlanState, event: SubscriptionPlanEvent): PlanState {
  switch (event.type) {
    case 'SubscriptionPlanCreated':
      return { status: 'live', ...event.data };
    case 'SubscriptionPlanUpdated':
      return state.status === 'live' ? { ...state, ...event.data } : state;
    case 'SubscriptionPlanDeleted':
      return state.status === 'live' ? { status: 'deleted', id: state.id } : state;
    default: {
      const unreachable: never = event;
      return unreachable;
    }
  }
}

const fields = ['code', 'name', 'monthlyPrice', 'yearlyPrice', 'features', 'active'] as const;

export function decidePlan(command: PlanCommand, state: PlanState): SubscriptionPlanEvent[] {
  switch (command.type) {
    case 'CreatePlan': {
      if (state.status !== 'absent') throw ruleBroken(messages.alreadyExists);
      const { type: _type, ...data } = command;
      return [{ type: 'SubscriptionPlanCreated', data }];
    }
    case 'UpdatePlan': {
      if (state.status !== 'live') throw domainNotFound(subscriptionMessages.planNotFound);
      const changed: Partial<PlanFields> = {};
      for (const field of fields) {
        const value = command.changes[field];
        if (value === undefined) continue;
        if (JSON.stringify(value) !== JSON.stringify(state[field]))
          Object.assign(changed, { [field]: value });
      }
      return Object.keys(changed).length ? [{ type: 'SubscriptionPlanUpdated', data: changed }] : [];
    }
    case 'DeletePlan':
      if (state.status !== 'live') throw domainNotFound(subscriptionMessages.planNotFound);
      return [{ type: 'SubscriptionPlanDeleted', data: {} }];
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

export const planDecider: Decider<PlanCommand, SubscriptionPlanEvent, PlanState> = {
  initialState: initialPlanState,
  evolve: evolvePlan,
  decide: decidePlan,
};
