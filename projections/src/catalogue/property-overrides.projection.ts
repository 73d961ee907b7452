import type { PropertyOverrideEvent } from '@interior/contracts';
import { defineProjection } from '../projection';

/** Each user's own values of settings (`bomconstant`, `designproperty`), one row per key set. */
export const propertyOverridesProjection = defineProjection({
  name: 'property_overrides',
  version: 1,
  handles: ['PropertyOverrideSet', 'PropertyOverrideRemoved'],
  tables: {
    property_overrides: (t) => {
      t.integer('userId').notNullable();
      t.text('kind').notNullable();
      t.text('key').notNullable();
      t.double('value').notNullable();
      t.primary(['userId', 'kind', 'key']);
    },
  },
  async apply(trx, event, tables) {
    const table = tables.property_overrides;
    const userId = Number(event.stream.slice('PropertyOverride-'.length));
    const { data, type } = event as unknown as PropertyOverrideEvent;
    if (type === 'PropertyOverrideSet') {
      await trx(table)
        .insert({ userId, kind: data.kind, key: data.key, value: data.value })
        .onConflict(['userId', 'kind', 'key'])
        .merge(['value']);
    } else {
      await trx(table).where({ userId, kind: data.kind, key: data.key }).delete();
    }
  },
});
