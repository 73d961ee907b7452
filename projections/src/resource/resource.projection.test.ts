import { type FieldSpec, resourceEventTypes, resources, resourceTable } from '@interior/contracts';
import { resourceProjections } from '../resources';
import { projectionSpec, projectionTestDatabase } from '../testing/projection-spec';

const db = projectionTestDatabase();

const productProjection = resourceProjections.find((p) => p.name.startsWith('product'))!;
const spec = projectionSpec(productProjection, db);

describe('a declared resource’s read model', () => {
  it('gives a field its empty value when the creation event came before the field existed', async () => {
    // A product created before products had images or a model: the event carries neither.
    const rows = await spec
      .given([
        {
          stream: ['Product', 1] as [string, number],
          type: 'ProductCreated',
          data: {
            id: 1,
            name: '소파',
            code: 'SOFA-1',
            kind: 'Single',
            price: 1_200_000,
            unit: 'EA',
            status: 'Active',
          },
        },
      ])
      .rows('product');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, name: '소파', images: [], modelId: null, components: null });
  });
});

/** A value of each kind of field, as a creation event carries it. */
function sampleValue(spec: FieldSpec, id: number): unknown {
  switch (spec.kind) {
    case 'text':
      return `이름 '${id}' "따옴표"\n둘째 줄`;
    case 'url':
      return `https://example.com/${id}?a=1&b=2`;
    case 'integer':
    case 'money':
      return 1_200_000 + id;
    case 'reference':
      return 7;
    case 'decimal':
      return 12.345;
    case 'boolean':
      return true;
    case 'enum':
      return spec.values[0];
    case 'enumSet':
      return [...spec.values].slice(0, 2);
    case 'timestamp':
      return '2026-11-02T03:04:05.678Z';
    case 'json':
      return spec.example;
    case 'file':
      return spec.multiple ? [{ id: 'f1', name: '사진.jpg' }] : { id: 'f2', name: '도면.pdf' };
  }
}

describe('the rows a declared resource’s creations make from the log', () => {
  const fromLog = resourceProjections.filter((projection) => projection.createsFromLog);

  it('are made for every resource whose creation needs nothing but its own row', () => {
    // Categories keep their path and their siblings' order (afterChange): not from the log.
    expect(fromLog.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'usergroups',
        expect.stringMatching(/^product/),
        expect.stringMatching(/^brand/),
      ]),
    );
    expect(fromLog.some((p) => p.name.startsWith('categor'))).toBe(false);
  });

  it.each(fromLog.map((projection) => [projection.name, projection] as const))(
    '%s: are those of the fold, with every field set, none, or null',
    async (_name, projection) => {
      const resource = resources.find((r) => resourceTable(r) === projection.createsFromLog!.table)!;
      const { created, updated } = resourceEventTypes(resource);
      const inputs = Object.entries(resource.fields).filter(([, field]) => !field.derived);
      const sample = (id: number) =>
        Object.fromEntries(inputs.map(([name, field]) => [name, sampleValue(field, id)]));
      // A required field is in every creation (its column takes no null); the others may be absent.
      const required = (id: number) =>
        Object.fromEntries(
          inputs
            .filter(([, field]) => 'required' in field && field.required)
            .map(([name, f]) => [name, sampleValue(f, id)]),
        );
      // Flags, sets and lists of files have a column that takes no null (an empty value instead).
      const nullable = inputs.filter(
        ([, field]) =>
          !['boolean', 'enumSet'].includes(field.kind) && !(field.kind === 'file' && field.multiple),
      );
      const stream = (id: number) => [resource.objectType, id] as [string, number];
      // projectionSpec makes the leading creations from a log table too and compares the rows.
      const rows = await projectionSpec(projection, db)
        .given([
          {
            stream: stream(1),
            type: created,
            data: { id: 1, ...sample(1) },
            occurredAt: '2026-11-01T09:00:00.123Z',
            actorId: 5,
          },
          { stream: stream(2), type: created, data: { id: 2, ...required(2) }, actorId: null },
          {
            stream: stream(3),
            type: created,
            data: { id: 3, ...Object.fromEntries(nullable.map(([name]) => [name, null])), ...required(3) },
          },
          // An update ends the run: it and what follows are folded as usual.
          { stream: stream(1), type: updated, data: {} },
          { stream: stream(4), type: created, data: { id: 4, ...required(4) } },
        ])
        .rows(projection.createsFromLog!.table);
      expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 4]);
      expect(rows[0]).toMatchObject({ registeredBy: 5, version: 1 });
    },
  );
});
