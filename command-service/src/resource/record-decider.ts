import {
  type DomainEvent,
  messages,
  type ResourceDeclaration,
  resourceEventTypes,
  sameValue,
} from '@interior/contracts';
import { domainNotFound, ruleBroken } from '@interior/platform';
import type { Decider } from '../decider';

/**
 * The decider every declared resource shares (docs/adding-a-resource.md): a record is created
 * once, updated field by field (an update records only the fields whose value changes), and
 * deleted once; a deleted record's id is never used again. Rules a resource adds that need no
 * other record go in `check`; rules across records are checked by the route's hooks before the
 * command is decided.
 */
export type RecordFields = Record<string, unknown>;

export type RecordState =
  | { status: 'absent' }
  | { status: 'active'; id: number; fields: RecordFields }
  | { status: 'deleted'; id: number };

export type RecordCommand =
  | { type: 'Create'; id: number; fields: RecordFields }
  | { type: 'Update'; changes: RecordFields }
  | { type: 'Delete' };

export type RecordEvent = DomainEvent<string, RecordFields>;

export interface RecordDeciderOptions {
  /** A resource's own rule on the state a command would leave; throws a DomainError. */
  check?(command: RecordCommand, state: RecordState, next: RecordFields | null): void;
}

export function recordDecider(
  resource: ResourceDeclaration,
  options: RecordDeciderOptions = {},
): Decider<RecordCommand, RecordEvent, RecordState> {
  const types = resourceEventTypes(resource);
  // Renumbered fields are recorded whenever an update carries them: the read model may have moved
  // them since the last value recorded here (a sibling moved).
  const alwaysRecord = Object.entries(resource.fields)
    .filter(([, spec]) => spec.renumbered)
    .map(([name]) => name);
  return {
    initialState: () => ({ status: 'absent' }),
    evolve(state, event) {
      switch (event.type) {
        case types.created: {
          const { id, ...fields } = event.data as { id: number } & RecordFields;
          return { status: 'active', id, fields };
        }
        case types.updated:
          return state.status === 'active' ? { ...state, fields: { ...state.fields, ...event.data } } : state;
        case types.deleted:
          return state.status === 'active' ? { status: 'deleted', id: state.id } : state;
        default:
          // Events of the stream this decider does not model (none today) leave the state alone.
          return state;
      }
    },
    decide(command, state) {
      switch (command.type) {
        case 'Create':
          if (state.status !== 'absent') throw ruleBroken(messages.alreadyExists);
          options.check?.(command, state, command.fields);
          return [{ type: types.created, data: { id: command.id, ...command.fields } }];
        case 'Update': {
          if (state.status !== 'active') throw domainNotFound(resource.notFound);
          const changed = Object.fromEntries(
            Object.entries(command.changes).filter(
              ([key, value]) => alwaysRecord.includes(key) || !sameValue(state.fields[key], value),
            ),
          );
          if (Object.keys(changed).length === 0) return [];
          options.check?.(command, state, { ...state.fields, ...changed });
          return [{ type: types.updated, data: changed }];
        }
        case 'Delete':
          if (state.status !== 'active') throw domainNotFound(resource.notFound);
          options.check?.(command, state, null);
          return [{ type: types.deleted, data: {} }];
        default: {
          const unreachable: never = command;
          return unreachable;
        }
      }
    },
  };
}
