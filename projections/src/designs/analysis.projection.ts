import {
  type DesignEvent,
  designAnalysisReadModels,
  koreanDay,
  koreanWeek,
  placedProducts,
} from '@interior/contracts';
import type { StoredEvent } from '@interior/platform';
import type { Knex } from 'knex';
import { defineProjection, occurredAt } from '../projection';
import { chunks } from '../row-batch';

const { days, designerWeeks, plans, products, estimations } = designAnalysisReadModels;
const idOf = (event: StoredEvent) => Number(event.stream.slice('Design-'.length));
const estimationIdOf = (event: StoredEvent) => Number(event.stream.slice('Estimation-'.length));

/** The funnel stage an estimation event shows was reached (docs/estimations.md). */
const stageReached: Readonly<Record<string, Stage>> = {
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
  async apply(trx, event, tables) {
    await applyAnalysis(trx, [event], tables);
  },
  /** A catch-up or a rebuild writes each table once per batch, not four statements per design. */
  async applyBatch(trx, events, tables) {
    await applyAnalysis(trx, events, tables);
  },
});

type Stage = 'quoted' | 'ordered' | 'completed';
type Funnel = Record<Stage, boolean>;
type AnalysisTables = Readonly<
  Record<(typeof designAnalysisReadModels)[keyof typeof designAnalysisReadModels], string>
>;

/** Rows per insert: well under PostgreSQL's 65,535 parameters at three columns each. */
const INSERT_ROWS = 5_000;

/**
 * The events folded in memory, in log order, then each table written once: the rows the batch
 * reads (which designs already have their creation counted, which estimations exist and how far
 * they went) are read first, so the result is the one of applying the events one at a time.
 */
async function applyAnalysis(trx: Knex.Transaction, events: readonly StoredEvent[], tables: AnalysisTables) {
  const creations = events.filter((e) => e.type === 'DesignCreated' || e.type === 'DesignCopied').map(idOf);
  const estimationIds = events.filter((e) => e.type.startsWith('Estimation')).map(estimationIdOf);
  /** Designs whose creation is counted already: a replayed creation is not counted twice. */
  const counted = new Set<number>(
    creations.length > 0
      ? await trx(tables[plans])
          .whereRaw('"designId" = any(?)', [[...new Set(creations)]])
          .pluck('designId')
      : [],
  );
  const funnels = new Map<number, Funnel>();
  if (estimationIds.length > 0) {
    const rows: ({ estimationId: number } & Funnel)[] = await trx(tables[estimations])
      .whereRaw('"estimationId" = any(?)', [[...new Set(estimationIds)]])
      .select('estimationId', 'quoted', 'ordered', 'completed');
    for (const { estimationId, ...funnel } of rows) funnels.set(estimationId, funnel);
  }
  const changedFunnels = new Set<number>();
  const newPlans: { designId: number; planId: number | null }[] = [];
  const createdPerDay = new Map<string, number>();
  const activeWeeks = new Map<string, { week: string; userId: number }>();
  /** Each design's products as its last document of the batch places them (empty once purged). */
  const placedNow = new Map<number, Map<number, number>>();

  for (const stored of events) {
    if (stored.type === 'EstimationRequested') {
      const id = estimationIdOf(stored);
      if (!funnels.has(id)) {
        funnels.set(id, { quoted: false, ordered: false, completed: false });
        changedFunnels.add(id);
      }
      continue;
    }
    const stage = Object.hasOwn(stageReached, stored.type) ? stageReached[stored.type] : undefined;
    if (stage) {
      const id = estimationIdOf(stored);
      const funnel = funnels.get(id);
      if (funnel && !funnel[stage]) {
        funnel[stage] = true;
        changedFunnels.add(id);
      }
      continue;
    }
    const event = stored as StoredEvent & DesignEvent;
    const id = idOf(stored);
    const at = occurredAt(stored);
    const actor = stored.metadata.actorId;
    const active = () => {
      if (actor === null) return;
      const week = koreanWeek(at);
      activeWeeks.set(`${week}|${actor}`, { week, userId: actor });
    };
    switch (event.type) {
      case 'DesignCreated':
      case 'DesignCopied': {
        if (counted.has(id)) continue;
        counted.add(id);
        newPlans.push({ designId: id, planId: event.data.planId });
        const day = koreanDay(at);
        createdPerDay.set(day, (createdPerDay.get(day) ?? 0) + 1);
        active();
        placedNow.set(id, placedProducts(event.data.document));
        continue;
      }
      case 'DesignDocumentChanged':
        active();
        placedNow.set(id, placedProducts(event.data.document));
        continue;
      case 'DesignRenamed':
      case 'DesignDescribed':
      case 'DesignMovedToFolder':
        active();
        continue;
      case 'DesignPurged':
        placedNow.set(id, new Map());
        continue;
      default:
        continue;
    }
  }

  for (const rows of chunks(newPlans, INSERT_ROWS))
    await trx(tables[plans]).insert(rows).onConflict('designId').ignore();
  if (createdPerDay.size > 0) {
    await trx(tables[days])
      .insert([...createdPerDay].map(([day, created]) => ({ day, created })))
      .onConflict('day')
      .merge({ created: trx.raw('?? + excluded.created', [`${tables[days]}.created`]) });
  }
  for (const rows of chunks([...activeWeeks.values()], INSERT_ROWS))
    await trx(tables[designerWeeks]).insert(rows).onConflict(['week', 'userId']).ignore();
  if (placedNow.size > 0) {
    await trx(tables[products])
      .whereRaw('"designId" = any(?)', [[...placedNow.keys()]])
      .delete();
    const rows = [...placedNow].flatMap(([designId, placed]) =>
      [...placed].map(([productId, count]) => ({ designId, productId, count })),
    );
    for (const part of chunks(rows, INSERT_ROWS)) await trx(tables[products]).insert(part);
  }
  const funnelRows = [...changedFunnels].map((estimationId) => ({
    estimationId,
    ...funnels.get(estimationId)!,
  }));
  for (const rows of chunks(funnelRows, INSERT_ROWS)) {
    await trx(tables[estimations])
      .insert(rows)
      .onConflict('estimationId')
      .merge(['quoted', 'ordered', 'completed']);
  }
}
