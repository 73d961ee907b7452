import type { Ace } from '@interior/contracts';
import { formatDateTime } from '../i18n/format';
import { describeAce, type IdentityLabels } from '../permissions/acl';

/**
 * How the history of a type's grants shows a value: the grants one a line, by the names of who
 * holds them; anything else as text, never as JSON. A record's own history is told by the API in
 * the audit log's words and values (its sentences and diffs), not here.
 */
export interface ValueContext {
  /** Names of users, groups and roles granted something (POST api/identity/target). */
  identities: IdentityLabels;
}

/** A shown value: one line, or a list of lines. */
export type Shown = string | string[];

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One value of one field of a grant change. */
export function showValue(field: string, value: unknown, context: ValueContext): Shown {
  if (value === null || value === undefined || value === '') return '-';
  if (field === 'aces')
    return Array.isArray(value) && value.length
      ? (value as Ace[]).map((ace) => describeAce(ace, context.identities))
      : '권한 없음';
  if (typeof value === 'boolean') return value ? '예' : '아니오';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return ISO_TIME.test(value) ? formatDateTime(value) : value;
  if (Array.isArray(value))
    return value.length ? value.map((item) => flat(showValue(field, item, context))) : '없음';
  // An object no rule knows: its values, one after another, never its JSON.
  return Object.values(value as Record<string, unknown>)
    .map((item) => flat(showValue(field, item, context)))
    .join(', ');
}

const flat = (shown: Shown) => (Array.isArray(shown) ? shown.join(', ') : shown);
