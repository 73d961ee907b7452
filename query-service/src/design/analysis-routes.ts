import {
  type DesignAnalysis,
  designAnalysisReadModels,
  estimateFunnelStages,
  koreanDay,
  koreanWeek,
  resourceNamed,
  resourceTable,
} from '@interior/contracts';
import { forbidden, principalOf } from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { QueryServiceDeps } from '../deps';

const { days, designerWeeks, plans, products, estimations } = designAnalysisReadModels;
const DAY_MS = 24 * 60 * 60 * 1000;
const DAYS = 90;
const WEEKS = 13;

const isoDate = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** Names of catalogue records by id, from the declared resource's table (none when undeclared). */
async function namesOf(knex: Knex, resourceName: string, ids: number[]): Promise<Map<number, string>> {
  const resource = resourceNamed(resourceName);
  if (!resource || ids.length === 0) return new Map();
  const rows = await knex(resourceTable(resource)).whereIn('id', ids).select('id', resource.representation);
  return new Map(
    rows.map((r: Record<string, unknown>) => [Number(r.id), String(r[resource.representation])]),
  );
}

/** Designs by the category of the plan they started from. */
async function byPlanCategory(knex: Knex): Promise<DesignAnalysis['byPlanCategory']> {
  const counted: { planId: number | null; n: string }[] = await knex(plans)
    .groupBy('planId')
    .select('planId', knex.raw('count(*) as n'));
  const plan = resourceNamed('plan');
  const categoryField = plan
    ? Object.entries(plan.fields).find(
        ([, spec]) => spec.kind === 'reference' && spec.resource === 'category/plan',
      )?.[0]
    : undefined;
  const planIds = counted.map((c) => c.planId).filter((id): id is number => id !== null);
  const categoryOfPlan = new Map<number, number | null>();
  if (plan && categoryField && planIds.length) {
    for (const row of await knex(resourceTable(plan)).whereIn('id', planIds).select('id', categoryField))
      categoryOfPlan.set(Number(row.id), row[categoryField] ?? null);
  }
  const categoryNames = await namesOf(
    knex,
    'category/plan',
    [...categoryOfPlan.values()].filter((id): id is number => id !== null),
  );
  const totals = new Map<string, number>();
  for (const { planId, n } of counted) {
    const category =
      planId === null
        ? '평면도 없이 시작'
        : (categoryNames.get(categoryOfPlan.get(planId) ?? -1) ?? '분류를 알 수 없는 평면도');
    totals.set(category, (totals.get(category) ?? 0) + Number(n));
  }
  return [...totals].map(([category, count]) => ({ category, count })).sort((a, b) => b.count - a.count);
}

/** How many estimations reached each stage, and the share of the stage before that went on. */
async function estimateFunnel(knex: Knex): Promise<DesignAnalysis['estimateFunnel']> {
  const [row] = await knex(estimations).select(
    knex.raw('count(*) as requested'),
    knex.raw('count(*) filter (where quoted) as quoted'),
    knex.raw('count(*) filter (where ordered) as ordered'),
    knex.raw('count(*) filter (where completed) as completed'),
  );
  let before: number | null = null;
  return estimateFunnelStages.map(({ key, label }) => {
    const count = Number(row?.[key] ?? 0);
    const conversion = before === null || before === 0 ? null : Math.round((count / before) * 1000) / 10;
    before = count;
    return { stage: key, label, count, conversion };
  });
}

/** The figures of `analysis/design`, from the read models kept for it (Admin). */
export async function designAnalysis(knex: Knex, now: Date): Promise<DesignAnalysis> {
  const firstDay = koreanDay(new Date(now.getTime() - (DAYS - 1) * DAY_MS));
  const dayRows: { day: unknown; created: number }[] = await knex(days)
    .where('day', '>=', firstDay)
    .select('day', 'created');
  const created = new Map(dayRows.map((r) => [isoDate(r.day), Number(r.created)]));
  const createdPerDay = Array.from({ length: DAYS }, (_, i) => {
    const day = koreanDay(new Date(now.getTime() - (DAYS - 1 - i) * DAY_MS));
    return { day, count: created.get(day) ?? 0 };
  });
  const firstWeek = koreanWeek(new Date(now.getTime() - (WEEKS - 1) * 7 * DAY_MS));
  const weekRows: { week: unknown; n: string }[] = await knex(designerWeeks)
    .where('week', '>=', firstWeek)
    .groupBy('week')
    .select('week', knex.raw('count(*) as n'));
  const weekly = new Map(weekRows.map((r) => [isoDate(r.week), Number(r.n)]));
  const activeDesignersPerWeek = Array.from({ length: WEEKS }, (_, i) => {
    const week = koreanWeek(new Date(now.getTime() - (WEEKS - 1 - i) * 7 * DAY_MS));
    return { week, count: weekly.get(week) ?? 0 };
  });
  const top: { productId: number; n: string }[] = await knex(products)
    .groupBy('productId')
    .select('productId', knex.raw('sum(count) as n'))
    .orderByRaw('sum(count) desc, "productId" asc')
    .limit(10);
  const names = await namesOf(
    knex,
    'product',
    top.map((t) => t.productId),
  );
  return {
    createdPerDay,
    activeDesignersPerWeek,
    byPlanCategory: await byPlanCategory(knex),
    estimateFunnel: await estimateFunnel(knex),
    topProducts: top.map((t) => ({
      productId: t.productId,
      name: names.get(t.productId) ?? `제품 #${t.productId}`,
      count: Number(t.n),
    })),
  };
}

export function registerDesignAnalysisQueries(app: FastifyInstance, deps: QueryServiceDeps): void {
  app.get('/api/analysis/design', async (request) => {
    if (!principalOf(request).roles.includes('Admin')) throw forbidden();
    return designAnalysis(deps.knex, new Date());
  });
}
