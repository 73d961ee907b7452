import type { DomainEvent } from '@interior/contracts';
import { DomainError } from '@interior/platform';
import type { Decider } from '../decider';

/** Decider tests read as: given these events, when this command, then these events (or error). */
export function deciderSpec<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
) {
  return {
    given(history: Event[]) {
      return {
        when(command: Command) {
          const run = () => decider.decide(command, history.reduce(decider.evolve, decider.initialState()));
          return {
            thenEvents(expected: Event[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(kind: DomainError['kind'], message: string) {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeInstanceOf(DomainError);
              expect(thrown).toMatchObject({ kind, message });
            },
          };
        },
      };
    },
  };
}
