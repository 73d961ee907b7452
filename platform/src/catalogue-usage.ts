import { type CatalogueUsage, catalogueUsageReadModels, type UsageHolder } from '@interior/contracts';
import type { Knex } from 'knex';

/**
 * How many designs and open estimations use a catalogue record, from the usage read model (one
 * indexed count); 0 and 0 for a record nothing uses, or a type no design can name.
 */
export async function catalogueUsageOf(knex: Knex, refType: string, refId: number): Promise<CatalogueUsage> {
  const rows: { holderType: UsageHolder; n: string | number }[] = await knex(catalogueUsageReadModels.usage)
    .where({ refType, refId })
    .groupBy('holderType')
    .select('holderType')
    .count({ n: '*' });
  const count = (holder: UsageHolder) => Number(rows.find((r) => r.holderType === holder)?.n ?? 0);
  return { designs: count('Design'), estimations: count('Estimation') };
}
