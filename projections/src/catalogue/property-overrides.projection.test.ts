import { eventsOf, projectionSpec, projectionTestDatabase } from '../testing/projection-spec';
import { propertyOverridesProjection } from './property-overrides.projection';

const db = projectionTestDatabase();
const spec = projectionSpec(propertyOverridesProjection, db);
const of = (userId: number) => eventsOf(['PropertyOverride', userId], userId);

describe('the property overrides read model', () => {
  it('keeps one value per user, kind and key: the last one set, until it is removed', async () => {
    const rows = await spec
      .given([
        of(3)('PropertyOverrideSet', { kind: 'bomconstant', key: 'wastage', value: 1.1 }),
        of(3)('PropertyOverrideSet', { kind: 'designproperty', key: 'wastage', value: 2 }),
        of(4)('PropertyOverrideSet', { kind: 'bomconstant', key: 'wastage', value: 1.3 }),
        of(3)('PropertyOverrideSet', { kind: 'bomconstant', key: 'wastage', value: 1.2 }),
        of(3)('PropertyOverrideSet', { kind: 'bomconstant', key: 'margin', value: 0.5 }),
        of(3)('PropertyOverrideRemoved', { kind: 'bomconstant', key: 'margin' }),
      ])
      .rows('property_overrides', ['userId', 'kind', 'key']);
    expect(rows).toEqual([
      { userId: 3, kind: 'bomconstant', key: 'wastage', value: 1.2 },
      { userId: 3, kind: 'designproperty', key: 'wastage', value: 2 },
      { userId: 4, kind: 'bomconstant', key: 'wastage', value: 1.3 },
    ]);
  });

  it('removes only the removing user’s value of that kind', async () => {
    const rows = await spec
      .given([
        of(3)('PropertyOverrideSet', { kind: 'bomconstant', key: 'wastage', value: 1.1 }),
        of(4)('PropertyOverrideSet', { kind: 'bomconstant', key: 'wastage', value: 1.3 }),
        of(3)('PropertyOverrideSet', { kind: 'designproperty', key: 'wastage', value: 2 }),
        of(3)('PropertyOverrideRemoved', { kind: 'bomconstant', key: 'wastage' }),
      ])
      .rows('property_overrides', ['userId', 'kind', 'key']);
    expect(rows).toEqual([
      { userId: 3, kind: 'designproperty', key: 'wastage', value: 2 },
      { userId: 4, kind: 'bomconstant', key: 'wastage', value: 1.3 },
    ]);
  });
});
