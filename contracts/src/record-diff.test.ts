import fc from 'fast-check';
import { personFields, referenceFields, referenceKey, valueText } from './history-labels';
import { diffRecord } from './record-diff';
import { resources } from './resources';

/**
 * A diff lists a field only where what a reader sees of it changed: over every kind of field the
 * screens show (people, references, codes, consents, amounts, times, lists, drawings, drafts),
 * a value compared with itself, or with another way of holding nothing, never reads as a change.
 */

const names = new Map<number, string | null>([
  [1, '김민준'],
  [2, null],
]);
const references = new Map(
  resources.flatMap((resource) =>
    [1, 2].map((id) => [referenceKey(resource.name, id), `${resource.name} ${id}`]),
  ),
);

/** Ways of holding nothing: an absent field, null, an empty text. */
const nothing = fc.constantFrom(undefined, null, '');
const text = fc.oneof(
  fc.constantFrom('', ' ', '-', '2026-11-27T09:00:00.000Z', '2026-11-27T09:00:00Z'),
  fc.string(),
);
const scalar = fc.oneof(nothing, text, fc.integer(), fc.double({ noNaN: true }), fc.boolean());
const anyValue = fc.oneof(
  scalar,
  fc.array(scalar, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('name', 'total', 'supply', 'vat', 'agreed', 'version'), scalar, {
    maxKeys: 3,
  }),
);

/** Values a field of each kind holds, as events set them (and some they should not, as input). */
function valuesOf(type: string, field: string): fc.Arbitrary<unknown> {
  const spec = resources.find((r) => r.objectType === type)?.fields[field];
  if (spec?.kind === 'enum') return fc.oneof(nothing, fc.constantFrom(...spec.values, 'Unknown'));
  if (spec?.kind === 'enumSet') return fc.oneof(nothing, fc.subarray([...spec.values]));
  if (personFields.has(field) || referenceFields(type).some(([name]) => name === field))
    return fc.oneof(nothing, fc.constantFrom(1, 2, 3));
  if (field.startsWith('agreement.'))
    return fc.oneof(
      nothing,
      fc.record({ agreed: fc.boolean(), version: fc.constantFrom('2026-01', '2026-11') }),
    );
  switch (field) {
    case 'roles':
      return fc.oneof(nothing, fc.subarray(['Admin', 'Developer', 'BusinessPro', 'Guest']));
    case 'status':
      return fc.oneof(nothing, fc.constantFrom('Active', 'Pending', 'Deleted', 'Suspended'));
    case 'permission':
      return fc.oneof(nothing, fc.constantFrom('Read', 'Write', 'Admin'));
    case 'lines':
      return fc.oneof(
        nothing,
        fc.array(fc.record({ id: fc.constantFrom('a', 'b', 'c'), quantity: fc.nat() }), { maxLength: 3 }),
      );
    case 'totals':
      return fc.oneof(nothing, fc.record({ total: fc.nat(), supply: fc.nat(), vat: fc.nat() }));
    case 'document':
      return fc.oneof(
        nothing,
        fc.record({
          walls: fc.array(fc.record({ id: fc.constantFrom('w1', 'w2') }), { maxLength: 2 }),
          rooms: fc.array(fc.record({ id: fc.constantFrom('r1', 'r2') }), { maxLength: 2 }),
        }),
      );
  }
  return anyValue;
}

/** Each type with fields of every kind it shows, declared or not. */
const typeFields: [string, string[]][] = [
  ['Design', ['userId', 'permission', 'ownerId', 'document', 'trashed', 'name', 'at']],
  ['Estimation', ['managerId', 'requesterId', 'lines', 'totals', 'validUntil', 'note', 'amount']],
  ['User', ['status', 'roles', 'groups', 'agreement.Marketing', 'name']],
  ...resources.map((resource): [string, string[]] => [resource.objectType, Object.keys(resource.fields)]),
];

/** The same value held another way: nothing as any other nothing, anything else as a copy. */
const heldAnotherWay = (value: unknown): fc.Arbitrary<unknown> =>
  value === undefined || value === null || value === '' ? nothing : fc.constant(structuredClone(value));

/** A state as the fold of events makes it: JSON (a field set to undefined is a field absent). */
const asJson = (state: Record<string, unknown>): Record<string, unknown> => JSON.parse(JSON.stringify(state));

/** A state of `fields`, each absent or set. */
const stateOf = (type: string, fields: readonly string[]) =>
  fc
    .record(Object.fromEntries(fields.map((field) => [field, valuesOf(type, field)])), { requiredKeys: [] })
    .map(asJson);

describe('a record diff', () => {
  it.each(typeFields)('of a %s never lists a field whose value is unchanged', (type, fields) => {
    fc.assert(
      fc.property(
        stateOf(type, fields).chain((before) =>
          fc.tuple(
            fc.constant(before),
            fc.record(Object.fromEntries(fields.map((field) => [field, heldAnotherWay(before[field])]))),
          ),
        ),
        ([before, after]) => {
          expect(diffRecord(type, before, asJson(after), names, references).changes).toEqual([]);
        },
      ),
    );
  });

  it.each(typeFields)('of a %s lists exactly the fields whose shown value changed', (type, fields) => {
    fc.assert(
      fc.property(stateOf(type, fields), stateOf(type, fields), (before, after) => {
        const shown = (state: Record<string, unknown>, field: string) =>
          valueText(type, field, state[field], names, references);
        const changed = fields.filter((field) => shown(before, field) !== shown(after, field));
        const { changes } = diffRecord(type, before, after, names, references);
        expect(changes.map((change) => change.path).sort()).toEqual(changed.sort());
        for (const change of changes) expect(change.beforeText).not.toBe(change.afterText);
      }),
    );
  });

  it('of a share to an address no account holds yet names no one shared with, "-" to "-"', () => {
    const diff = diffRecord(
      'Design',
      { name: '34평 거실', ownerId: 1 },
      { name: '34평 거실', ownerId: 1, permission: 'Read', userId: null },
      names,
    );
    expect(diff.changes.map((change) => [change.label, change.beforeText, change.afterText])).toEqual([
      ['공유 권한', '-', '읽기'],
    ]);
  });
});
