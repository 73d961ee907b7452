import {
  type DesignEvent,
  designAnalysisReadModels,
  koreanDay,
  koreanWeek,
  placedProducts,
} from '@interior/contracts';
import type { StoredEvent } from '@interior/platform';
import { defineProjection, occurredAt } from '../projection';

const { days, designerWeeks, plans, products, estimations } = designAnalysisReadModels;
const idOf = (event: StoredEvent) => Number(event.stream.slice('Design-'.length));
const estimationIdOf = (event: StoredEvent) => Number(event.stream.slice('Estimation-'.length));

/** The funnel stage an estimation event shows was reached (docs/estimations.md). */
const stageReached: Readonly<Record<string, 'quoted' | 'ordered' | 'completed'>> = {
  EstimationQuoted: 'quoted',
  EstimationAccepted: 'ordered',
  EstimationCompleted: 'completed',
};

/**
 * The figures of the design analysis screen, kept as the events come so the screen never scans
 * the designs: designs created per Korean calendar day, who worked on a design in each week,
 * which plan each design started from, how many of each product each design places now, and how
 * far each estimation went (the estimate funnel).
 */
export const designAnalysisProjection = defineProjection({
  name: 'design-analysis',
  // 2: the estimate funnel.
  version: 2,
  handles: [
    'DesignCreated',
    'DesignCopied',
    'DesignRenamed',
    'DesignDescribed',
    'DesignMovedToFolder',
    'DesignDocumentChanged',
    'DesignPurged',
    'EstimationRequested',
    ...Object.keys(stageReached),
  ],
  tables: {
    [days]: (t) => {
      t.date('day').primary();
      t.integer('created').notNullable().defaultTo(0);
    },
    [designerWeeks]: (t) => {
      t.date('week').notNullable();
      t.integer('userId').notNullable();
      t.primary(['week', 'userId']);
    },
    [plans]: (t) => {
      t.integer('designId').primary();
      t.integer('planId');
      t.index(['planId']);
    },
    [products]: (t) => {
      t.integer('designId').notNullable();
      t.integer('productId').notNullable();
      t.integer('count').notNullable();
      t.primary(['designId', 'productId']);
      t.index(['productId']);
    },
    [estimations]: (t) => {
      t.integer('estimationId').primary();
      t.boolean('quoted').notNullable().defaultTo(false);
      t.boolean('ordered').notNullable().defaultTo(false);
      t.boolean('completed').notNullable().defaultTo(false);
    },
  },
  async apply(trx, stored, tables) {
    if (stored.type === 'EstimationRequested') {
      await trx(tables[estimations])
        .insert({ estimationId: estimationIdOf(stored) })
        .onConflict()
        .ignore();
      return;
    }
    const stage = Object.hasOwn(stageReached, stored.type) ? stageReached[stored.type] : undefined;
    if (stage) {
      await trx(tables[estimations])
        .where({ estimationId: estimationIdOf(stored) })
        .update({ [stage]: true });
      return;
    }
    const event = stored as StoredEvent & DesignEvent;
    const id = idOf(stored);
    const at = occurredAt(stored);
    const actor = stored.metadata.actorId;
    const active = async () => {
      if (actor === null) return;
      await trx(tables[designerWeeks])
        .insert({ week: koreanWeek(at), userId: actor })
        .onConflict(['week', 'userId'])
        .ignore();
    };
    const placed = async (document: Parameters<typeof placedProducts>[0]) => {
      await trx(tables[products]).where({ designId: id }).delete();
      const rows = [...placedProducts(document)].map(([productId, count]) => ({
        designId: id,
        productId,
        count,
      }));
      if (rows.length) await trx(tables[products]).insert(rows);
    };
    switch (event.type) {
      case 'DesignCreated':
      case 'DesignCopied': {
        const inserted = await trx(tables[plans])
          .insert({ designId: id, planId: event.data.planId })
          .onConflict('designId')
          .ignore()
          .returning('designId');
        // A replayed creation (the row is there) is not counted twice.
        if (inserted.length === 0) return;
        await trx(tables[days])
          .insert({ day: koreanDay(at), created: 1 })
          .onConflict('day')
          .merge({ created: trx.raw('?? + 1', [`${tables[days]}.created`]) });
        await active();
        await placed(event.data.document);
        return;
      }
      case 'DesignDocumentChanged':
        await active();
        await placed(event.data.document);
        return;
      case 'DesignRenamed':
      case 'DesignDescribed':
      case 'DesignMovedToFolder':
        await active();
        return;
      case 'DesignPurged':
        await trx(tables[products]).where({ designId: id }).delete();
        return;
      default:
        return;
    }
  },
});
