import { keepSources } from './draft-sources';
import type { HistoryEntry } from './history';
import { lineSources, type PackedSources } from './packed-sources';

/** A consent as the history keeps it per agreement: agreed or not, and the version of the text. */
export interface ConsentValue {
  agreed: boolean;
  version?: string;
}

/** The field a consent is kept under: each agreement is a field of its own. */
export const agreementField = (code: string) => `agreement.${code}`;

/** One field an event set: its value before (when an earlier event set it) and after. */
export interface FieldChange {
  field: string;
  before?: unknown;
  after: unknown;
}

/** An event with the fields it changed; `unchanged` when it set fields to the values they had. */
export interface HistoryRow {
  entry: HistoryEntry;
  changes: FieldChange[];
  unchanged: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Fields that say nothing to a reader: a link's token id, a password hash (shown redacted by the
 * API anyway; the event's name and reason say the password changed), a shared address's keyed
 * hash (the address itself is shown while it may be), and fields repeated by another one
 * (`added`/`removed` are the difference the groups' before → after shows).
 */
const hiddenFields = new Set(['jti', 'passwordHash', 'emailKey', 'added', 'removed', 'previous']);

type Fields = Record<string, unknown>;

const consentOf = (consent: unknown): [string, ConsentValue] | null => {
  const c = consent as { code?: unknown; agreed?: unknown; version?: unknown } | null;
  if (typeof c?.code !== 'string' || typeof c.agreed !== 'boolean') return null;
  return [
    agreementField(c.code),
    { agreed: c.agreed, ...(typeof c.version === 'string' ? { version: c.version } : {}) },
  ];
};

/**
 * The fields an event sets, as a reader thinks of them: each consent is a field of its own (so a
 * change of the marketing consent reads as one before → after), what an event implies is spelled
 * out (a verified address activates a pending account; an erasure deletes and leaves every
 * group), and a status change's `previous` is the value before.
 */
function fieldsOf(
  entry: HistoryEntry,
  known: ReadonlyMap<string, unknown>,
): { fields: Fields; before: Fields } {
  const data: Fields =
    typeof entry.data === 'object' && entry.data !== null && !Array.isArray(entry.data)
      ? { ...(entry.data as Fields) }
      : {};
  // What the entry says it replaced counts over what the entries read before it set (none, for
  // the oldest of a page).
  const before: Fields = { ...entry.before };
  switch (entry.type) {
    case 'UserRegistered': {
      const consents = Array.isArray(data.consents) ? data.consents : [];
      delete data.consents;
      for (const consent of consents) {
        const field = consentOf(consent);
        if (field) data[field[0]] = field[1];
      }
      break;
    }
    case 'ConsentChanged': {
      const field = consentOf(data);
      return { fields: field ? { [field[0]]: field[1] } : {}, before };
    }
    case 'EmailVerified':
      if (known.get('status') === 'Pending') data.status = 'Active';
      break;
    case 'UserStatusChanged':
      if (data.previous !== undefined) before.status = data.previous;
      break;
    case 'UserErased':
      data.status = 'Deleted';
      data.groups = [];
      break;
    case 'DesignShared':
      // The address is sealed under the share's own key, which a reader of the design never opens.
      delete data.email;
      break;
    case 'AclChanged':
      // A change of grants shows the grants, not the object it names.
      return { fields: { aces: data.aces }, before };
    case 'EstimationDraftComputed':
      // A draft's sources packed beside its lines are read as each line's own, as they used to be.
      if (Array.isArray(data.lines) && data.packedSources) {
        const packed = data.packedSources as PackedSources;
        data.lines = (data.lines as { id: string }[]).map((line) => ({
          ...line,
          sources: lineSources(line, packed),
        }));
      }
      delete data.packedSources;
      break;
    case 'EstimationDraftEdited':
      // An edit's lines leave out their sources: each computed line keeps those its id had.
      if (Array.isArray(data.lines))
        data.lines = keepSources(data.lines as { id: string }[], known.get('lines'));
      break;
  }
  for (const field of hiddenFields) delete data[field];
  return { fields: data, before };
}

/**
 * A record as its events set it, up to the last of `entries` (oldest first): each field with the
 * value the latest event that set it gave, read as the 이력 tab reads them (consents one by one,
 * what an event implies spelled out, links' token ids and hashes left out).
 */
export function foldFields(entries: readonly HistoryEntry[]): Record<string, unknown> {
  const known = new Map<string, unknown>();
  for (const entry of entries) {
    for (const [field, value] of Object.entries(fieldsOf(entry, known).fields)) known.set(field, value);
  }
  return Object.fromEntries(known);
}

/**
 * What each event changed, read from the events in order (oldest first). An event's data holds the
 * values it sets; the values earlier events set tell what they were before, so an update shows
 * "before → after" for the fields that really changed.
 */
export function describeChanges(entries: readonly HistoryEntry[]): HistoryRow[] {
  const known = new Map<string, unknown>();
  return entries.map((entry) => {
    const { fields, before } = fieldsOf(entry, known);
    const changes: FieldChange[] = [];
    for (const [field, after] of Object.entries(fields)) {
      const was = field in before ? before[field] : known.get(field);
      const hadValue = field in before || known.has(field);
      if (!hadValue) changes.push({ field, after });
      else if (!same(was, after)) changes.push({ field, before: was, after });
      known.set(field, after);
    }
    return { entry, changes, unchanged: Object.keys(fields).length > 0 && changes.length === 0 };
  });
}
