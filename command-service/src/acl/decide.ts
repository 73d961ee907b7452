import { type Ace, type AclEvent, identityKey, type ObjectType } from '@interior/contracts';
import type { Decider } from '../decider';

/** The grants of one object, or of a whole type (stream `Acl-<type>[-<id>]`). */
export type AclState = { aces: Ace[] };
export type AclCommand = { type: 'ChangeAcl'; objectType: ObjectType; objectId: number | null; aces: Ace[] };

const keyOf = (ace: Ace) => `${identityKey(ace.identity)}=${ace.permission}`;
/** Same grants in any order; compared as sorted keys so a repeated entry cannot mask a missing one. */
const sameGrants = (a: Ace[], b: Ace[]) => {
  const left = a.map(keyOf).sort();
  const right = b.map(keyOf).sort();
  return left.length === right.length && left.every((key, i) => key === right[i]);
};

export const aclDecider: Decider<AclCommand, AclEvent, AclState> = {
  initialState: () => ({ aces: [] }),
  evolve: (_state, event) => ({ aces: event.data.aces }),
  decide(command, state) {
    if (sameGrants(state.aces, command.aces)) return [];
    return [
      { type: 'AclChanged', data: { type: command.objectType, id: command.objectId, aces: command.aces } },
    ];
  },
};
