import type { DomainEvent, FieldErrors } from '@interior/contracts';
import { DomainError } from '@interior/platform';
import type { Decider } from '../decider';

/** Then this refusal: the kind, the Korean sentence and, for values refused, their fields. */
const refused =
  (run: () => unknown) => (kind: DomainError['kind'], message: string, errors?: FieldErrors) => {
    let thrown: unknown;
    try {
      run();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ kind, message, ...(errors ? { errors } : {}) });
  };

/** Decider tests read as: given these events, when this command, then these events (or error). */
export function deciderSpec<Command, Event extends DomainEvent, State>(
  decider: Decider<Command, Event, State>,
) {
  return {
    given(history: Event[]) {
      const state = () => history.reduce(decider.evolve, decider.initialState());
      return {
        when(command: Command) {
          const run = () => decider.decide(command, state());
          return {
            thenEvents(expected: Event[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows: refused(run),
          };
        },
        /**
         * When the routes ask the decider a check before a command (so that a number is drawn only
         * for a step that will be taken): it passes, or throws the command's refusal.
         */
        whenChecked(check: (state: State) => void) {
          const run = () => check(state());
          return {
            thenPasses() {
              expect(run).not.toThrow();
            },
            thenThrows: refused(run),
          };
        },
      };
    },
  };
}
