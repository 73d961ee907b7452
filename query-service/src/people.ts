import {
  type AclInfo,
  erasedPersonName,
  hiddenReferenceName,
  identityKey,
  missingReferenceName,
  type SecurityIdentity,
  systemActorName,
} from '@interior/contracts';
import { labelIdentitiesFor, type Principal, readModels, unreadableIdentities } from '@interior/platform';
import type { QueryServiceDeps } from './deps';

/** People's names by id as the users read model has them now (null for an erased person). */
export async function namesOf(
  deps: QueryServiceDeps,
  ids: Iterable<number>,
): Promise<Map<number, string | null>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await deps.knex(readModels.users).whereIn('id', wanted).select('id', 'name');
  return new Map(rows.map((row) => [Number(row.id), row.name as string | null]));
}

/**
 * How every history, log and diff names who did something: by the name the users read model has
 * now (so a rename shows on every old line), an erased person as "탈퇴한 사용자", what nobody did by
 * hand as "시스템"; never by id. A colleague's display name on a record the reader may read is what
 * every screen of that record shows; their e-mail and the rest of their account stay behind the
 * read rule of the user record. One query for all of `ids`.
 */
export async function personNames(
  deps: QueryServiceDeps,
  ids: Iterable<number>,
): Promise<(id: number | null) => string> {
  const names = await namesOf(deps, ids);
  return (id) => (id === null ? systemActorName : (names.get(Number(id)) ?? erasedPersonName));
}

/**
 * Who grants name (an ACL the reader manages, a type's grant changes), as that reader is shown
 * them: users and groups they may read by their labels ("이름 (e-mail)", a group's name); any other
 * user by name alone, as every history names people (`personNames`: "탈퇴한 사용자" once erased);
 * a group they may not read as "볼 수 없는 항목", one since deleted as "삭제된 항목". Never by number,
 * and no one's e-mail beyond the users the reader may read.
 */
export async function grantedIdentityNames(
  deps: QueryServiceDeps,
  principal: Principal,
  identities: readonly SecurityIdentity[],
): Promise<AclInfo[]> {
  const labelled = await labelIdentitiesFor(deps.knex, deps.permissions, principal, identities);
  const hidden = new Set(
    (await unreadableIdentities(deps.permissions, principal, identities)).map(identityKey),
  );
  const nameOf = await personNames(
    deps,
    labelled.flatMap((info) => (info.identity.type === 'User' && !info.label ? [info.identity.id] : [])),
  );
  return labelled.map((info): AclInfo => {
    if (info.label !== undefined) return info;
    const { identity } = info;
    if (identity.type === 'User') return { ...info, label: nameOf(identity.id) };
    if (identity.type === 'Group')
      return {
        ...info,
        label: hidden.has(identityKey(identity)) ? hiddenReferenceName : missingReferenceName,
      };
    return info;
  });
}
