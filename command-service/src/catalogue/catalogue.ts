import {
  type BomLine,
  bomResource,
  catalogueMessages,
  defaultMountOf,
  materialResource,
  messages,
  PlanDocumentSchema,
  productCategoryResource,
  productResource,
  resourceTable,
  type SetComponent,
  type WallDrawingElement,
  wallDrawingMessages,
  wallDrawingResource,
} from '@interior/contracts';
import { badRequest, conflict, ruleBroken } from '@interior/platform';
import type { Knex } from 'knex';
import { checkDocumentReferences } from '../design/catalogue-lookup';
import type { RecordDeciderOptions } from '../resource/record-decider';
import type { ResourceCommandHooks } from '../resource/routes';
import { type BomFormulaCheck, bomBaseVariables } from './bom-formula';

const productTable = resourceTable(productResource);
const materialTable = resourceTable(materialResource);
const bomTable = resourceTable(bomResource);

/** A product's own rule: a Set has parts (each once, never itself), a Single has none. */
export const productDecider: RecordDeciderOptions = {
  check(command, state, next) {
    if (!next) return;
    const components = (next.components ?? []) as SetComponent[];
    if (next.kind === 'Set') {
      if (components.length === 0) throw ruleBroken(catalogueMessages.setNeedsComponents);
    } else if (components.length > 0) {
      throw ruleBroken(catalogueMessages.singleHasNoComponents);
    }
    const ids = components.map((c) => c.productId);
    if (new Set(ids).size !== ids.length) throw ruleBroken(catalogueMessages.duplicateComponent);
    const self = command.type === 'Create' ? command.id : state.status === 'active' ? state.id : null;
    if (self !== null && ids.includes(self)) throw ruleBroken(catalogueMessages.componentIsSelf);
  },
};

/** The mount a product filed under this category takes when it names none (lights: the ceiling). */
async function categoryMount(knex: Knex, categoryId: number | null) {
  const table = resourceTable(productCategoryResource);
  const category = categoryId
    ? ((await knex(table).where({ id: categoryId }).first('path')) as { path: number[] | null } | undefined)
    : undefined;
  const names = category?.path?.length
    ? ((await knex(table).whereIn('id', category.path).pluck('name')) as string[])
    : [];
  return defaultMountOf(names);
}

/** How many Set products list `id` among their components. */
async function setsUsing(knex: Knex, id: number): Promise<number> {
  const [row] = await knex(productTable)
    .whereRaw('components @> ?::jsonb', [JSON.stringify([{ productId: id }])])
    .count({ n: '*' });
  return Number(row?.n ?? 0);
}

/** How many BOM recipes have a line pointing at this material or product. */
async function bomsUsing(knex: Knex, refType: 'Material' | 'Product', id: number): Promise<number> {
  const [row] = await knex(bomTable)
    .whereRaw('lines @> ?::jsonb', [JSON.stringify([{ refType, refId: id }])])
    .count({ n: '*' });
  return Number(row?.n ?? 0);
}

/** Every part of a Set exists and is a Single (sets never nest): 400 naming the part. */
async function checkComponents(knex: Knex, components: SetComponent[]) {
  if (components.length === 0) return;
  const found = (await knex(productTable)
    .whereIn(
      'id',
      components.map((c) => c.productId),
    )
    .select('id', 'kind')) as { id: number; kind: string }[];
  const kinds = new Map(found.map((row) => [row.id, row.kind]));
  for (const [index, component] of components.entries()) {
    const kind = kinds.get(component.productId);
    if (!kind) {
      const message = catalogueMessages.componentMissing(index + 1);
      throw badRequest(message, { components: message });
    }
    if (kind === 'Set') {
      const message = catalogueMessages.componentIsSet(index + 1);
      throw badRequest(message, { components: message });
    }
  }
}

export const productHooks: ResourceCommandHooks = {
  decider: productDecider,
  async beforeCreate({ deps }, fields) {
    await checkComponents(deps.knex, (fields.components ?? []) as SetComponent[]);
    // A product naming no mount takes its category's, and the event records it.
    if (fields.mount == null)
      fields.mount = await categoryMount(deps.knex, fields.categoryId as number | null);
  },
  async beforeUpdate({ deps }, id, before, after) {
    if (Object.hasOwn(after, 'components')) {
      await checkComponents(deps.knex, (after.components ?? []) as SetComponent[]);
    }
    if (after.kind === 'Set' && before.kind !== 'Set') {
      const sets = await setsUsing(deps.knex, id);
      if (sets > 0) throw conflict(catalogueMessages.usedInSets(sets));
    }
  },
  async beforeDelete({ deps }, id) {
    const sets = await setsUsing(deps.knex, id);
    if (sets > 0) throw conflict(catalogueMessages.usedInSets(sets));
    const boms = await bomsUsing(deps.knex, 'Product', id);
    if (boms > 0) throw conflict(catalogueMessages.usedInBoms(boms));
  },
};

export const materialHooks: ResourceCommandHooks = {
  async beforeDelete({ deps }, id) {
    const boms = await bomsUsing(deps.knex, 'Material', id);
    if (boms > 0) throw conflict(catalogueMessages.usedInBoms(boms));
    const [drawings] = await deps
      .knex(resourceTable(wallDrawingResource))
      .whereRaw('elements @> ?::jsonb', [JSON.stringify([{ materialId: id }])])
      .count({ n: '*' });
    const count = Number(drawings?.n ?? 0);
    if (count > 0) throw conflict(messages.recordInUse(count));
  },
};

/** The names a formula may use: the base variables and every BOM constant's key, when that table exists. */
async function formulaNames(knex: Knex, constantsTable: string | null): Promise<string[]> {
  if (!constantsTable || !(await knex.schema.hasTable(constantsTable))) return [...bomBaseVariables];
  const keys = (await knex(constantsTable).select('key')) as { key: string }[];
  return [...bomBaseVariables, ...keys.map((row) => row.key)];
}

/**
 * A recipe's lines: each reference names a live material or product (400 naming the line), and
 * each quantity formula passes the formula check when one is wired (400 naming the line).
 */
export function bomHooks(
  checkFormula: BomFormulaCheck | null,
  constantsTable: string | null,
): ResourceCommandHooks {
  const checkLines = async (knex: Knex, lines: BomLine[]) => {
    for (const [index, line] of lines.entries()) {
      if (line.refType === null || line.refId === null) continue;
      const table = line.refType === 'Material' ? materialTable : productTable;
      const found = await knex(table).where({ id: line.refId }).first(knex.raw('1 as found'));
      if (!found) {
        const message = catalogueMessages.bomRefMissing(index + 1);
        throw badRequest(message, { lines: message });
      }
    }
    if (!checkFormula) return;
    const names = await formulaNames(knex, constantsTable);
    for (const [index, line] of lines.entries()) {
      const reason = checkFormula(line.quantity, names);
      if (reason) {
        const message = catalogueMessages.bomFormula(index + 1, reason);
        throw badRequest(message, { lines: message });
      }
    }
  };
  return {
    async beforeCreate({ deps }, fields) {
      await checkLines(deps.knex, (fields.lines ?? []) as BomLine[]);
    },
    async beforeUpdate({ deps }, _id, _before, after) {
      await checkLines(deps.knex, (after.lines ?? []) as BomLine[]);
    },
  };
}

/** A wall drawing's own rule: every element lies inside the drawing. */
export const wallDrawingDecider: RecordDeciderOptions = {
  check(_command, _state, next) {
    if (!next) return;
    const width = next.width as number;
    const height = next.height as number;
    for (const [index, element] of ((next.elements ?? []) as WallDrawingElement[]).entries()) {
      if (element.x + element.width > width || element.y + element.height > height) {
        throw ruleBroken(wallDrawingMessages.outside(index + 1));
      }
    }
  },
};

/** Each element's material exists (400 naming the element). */
export const wallDrawingHooks: ResourceCommandHooks = {
  decider: wallDrawingDecider,
  async beforeCreate({ deps }, fields) {
    await checkElementMaterials(deps.knex, (fields.elements ?? []) as WallDrawingElement[]);
  },
  async beforeUpdate({ deps }, _id, _before, after) {
    await checkElementMaterials(deps.knex, (after.elements ?? []) as WallDrawingElement[]);
  },
};

async function checkElementMaterials(knex: Knex, elements: WallDrawingElement[]) {
  const ids = [...new Set(elements.map((e) => e.materialId))];
  if (ids.length === 0) return;
  const found = new Set(
    ((await knex(materialTable).whereIn('id', ids).select('id')) as { id: number }[]).map((r) => r.id),
  );
  const missing = elements.findIndex((e) => !found.has(e.materialId));
  if (missing >= 0) {
    const message = wallDrawingMessages.materialMissing(missing + 1);
    throw badRequest(message, { elements: message });
  }
}

/**
 * A plan template's document names catalogue records as a design's does, checked the same way:
 * a reference it adds must exist (400 naming `document.<path>` and the id) and not be 단종 (409);
 * what it already named keeps working.
 */
async function checkPlanReferences(knex: Knex, document: unknown, before: unknown) {
  // Read as the schema reads them (a template may leave out empty kinds of element); a document
  // the schema refuses is its error, and an older template that it would refuse counts as none.
  const now = PlanDocumentSchema.safeParse(document);
  if (!now.success) return;
  const was = PlanDocumentSchema.safeParse(before);
  await checkDocumentReferences(knex, now.data, was.success ? was.data : null, 'document');
}

export const planHooks: ResourceCommandHooks = {
  async beforeCreate({ deps }, fields) {
    await checkPlanReferences(deps.knex, fields.document, null);
  },
  async beforeUpdate({ deps }, _id, before, after) {
    if (Object.hasOwn(after, 'document'))
      await checkPlanReferences(deps.knex, after.document, before.document);
  },
};
