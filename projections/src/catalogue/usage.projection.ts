import {
  catalogueUsageReadModels,
  type DesignDocument,
  documentReferences,
  referenceObjectTypes,
  type UsageHolder,
} from '@interior/contracts';
import type { StoredEvent } from '@interior/platform';
import { defineProjection } from '../projection';

const { usage } = catalogueUsageReadModels;
const idOf = (event: StoredEvent, prefix: string) => Number(event.stream.slice(prefix.length));

/** The estimation events that close it: what it used no longer holds a record back. */
const closingEstimation = new Set([
  'EstimationRejected',
  'EstimationCancelled',
  'EstimationExpired',
  'EstimationCompleted',
]);

/** Each distinct record a design uses: what its document names, and its plan. */
function designUses(document: DesignDocument | undefined, planId: number | null | undefined) {
  const rows = new Map<string, { refType: string; refId: number }>();
  for (const ref of document ? documentReferences(document) : []) {
    const refType = referenceObjectTypes[ref.kind];
    rows.set(`${refType}:${ref.id}`, { refType, refId: ref.id });
  }
  if (planId) rows.set(`Plan:${planId}`, { refType: 'Plan', refId: planId });
  return [...rows.values()];
}

/**
 * Who uses each catalogue record (`catalogue_usage`: one row per holder and record).
 */
export const catalogueUsageProjection = defineProjection({
  name: 'catalogue-usage',
  version: 1,
  handles: [
    'DesignCreated',
    'DesignCopied',
    'DesignDocumentChanged',
    'DesignPurged',
    'EstimationRequested',
    ...closingEstimation,
  ],
  tables: {
    [usage]: (t) => {
      t.text('refType').notNullable();
      t.integer('refId').notNullable();
      t.text('holderType').notNullable();
      t.integer('holderId').notNullable();
      // Counting a record's users reads this key's prefix; a holder's rows are replaced by the index below.
      t.primary(['refType', 'refId', 'holderType', 'holderId']);
      t.index(['holderType', 'holderId']);
    },
  },
  async apply(trx, stored, tables) {
    const table = tables[usage];
    const replace = async (
      holderType: UsageHolder,
      holderId: number,
      rows: { refType: string; refId: number }[],
      keep?: string,
    ) => {
      const old = trx(table).where({ holderType, holderId });
      if (keep) old.whereNot({ refType: keep });
      await old.delete();
      if (rows.length === 0) return;
      await trx(table)
        // The added keys first: a spread followed by keys its source lacks takes V8's slow path.
        .insert(rows.map((row) => ({ holderType, holderId, ...row })))
        .onConflict(['refType', 'refId', 'holderType', 'holderId'])
        .ignore();
    };
    const data = stored.data as Record<string, unknown>;
    switch (stored.type) {
      case 'DesignCreated':
      case 'DesignCopied':
        return replace(
          'Design',
          idOf(stored, 'Design-'),
          designUses(data.document as DesignDocument, data.planId as number | null),
        );
      case 'DesignDocumentChanged':
        // The plan a design started from stays its plan whatever its document becomes.
        return replace(
          'Design',
          idOf(stored, 'Design-'),
          designUses(data.document as DesignDocument, null),
          'Plan',
        );
      case 'DesignPurged':
        return replace('Design', idOf(stored, 'Design-'), []);
      case 'EstimationRequested': {
        const rows: { refType: string; refId: number }[] = await trx(table)
          .where({ holderType: 'Design', holderId: data.designId as number })
          .whereNot({ refType: 'Plan' })
          .select('refType', 'refId');
        return replace('Estimation', idOf(stored, 'Estimation-'), rows);
      }
      default:
        break;
    }
    if (closingEstimation.has(stored.type)) await replace('Estimation', idOf(stored, 'Estimation-'), []);
  },
});
