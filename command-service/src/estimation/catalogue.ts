import {
  type BomInfo,
  type DesignDocument,
  documentReferences,
  type EstimateCatalogue,
  type MaterialInfo,
  type ProductInfo,
  referencedIds,
  resourceNamed,
  resourceTable,
  settingViews,
  type WallDrawingInfo,
  type WorkspaceInfo,
} from '@interior/contracts';
import type { Knex } from 'knex';

/** The rows of a declared catalogue resource with these ids (none when it is not declared). */
async function rowsOf<T>(knex: Knex, name: string, ids: Iterable<number>): Promise<Map<number, T>> {
  const wanted = [...new Set(ids)];
  const resource = resourceNamed(name);
  if (!resource || wanted.length === 0) return new Map();
  const rows = (await knex(resourceTable(resource)).whereIn('id', wanted).select()) as (T & { id: number })[];
  return new Map(rows.map((row) => [Number(row.id), row]));
}

/**
 * What the estimate engine needs to price a document (contracts/src/estimate.ts), read from the
 * catalogue's read models at this moment: the records the document names, the wall drawings'
 * materials, the BOM recipes of all of them and what their lines name, and the owner's effective
 * BOM constants (their overrides over the system values). The one loader the draft, the editor's
 * preview and anything else that prices a design use (docs/estimations.md).
 */
export async function loadEstimateCatalogue(
  knex: Knex,
  doc: DesignDocument,
  ownerId: number,
): Promise<EstimateCatalogue> {
  const ids = referencedIds(documentReferences(doc));
  const wallDrawings = await rowsOf<WallDrawingInfo>(knex, 'walldrawing', ids.walldrawing);
  const materialIds = new Set(ids.material);
  for (const drawing of wallDrawings.values())
    for (const element of drawing.elements ?? []) materialIds.add(element.materialId);
  const materials = await rowsOf<MaterialInfo>(knex, 'material', materialIds);
  const products = await rowsOf<ProductInfo>(knex, 'product', ids.product);
  const workspaces = await rowsOf<WorkspaceInfo>(knex, 'workspace', ids.workspace);

  const bomIds = [...materials.values(), ...products.values(), ...workspaces.values()]
    .map((r) => r.bomId)
    .filter((id): id is number => typeof id === 'number');
  const boms = await rowsOf<BomInfo>(knex, 'bom', bomIds);
  // The records a recipe's lines name, for their prices.
  const moreMaterials: number[] = [];
  const moreProducts: number[] = [];
  for (const bom of boms.values()) {
    for (const line of bom.lines ?? []) {
      if (line.refId == null) continue;
      if (line.refType === 'Material' && !materials.has(line.refId)) moreMaterials.push(line.refId);
      if (line.refType === 'Product' && !products.has(line.refId)) moreProducts.push(line.refId);
    }
  }
  for (const [id, row] of await rowsOf<MaterialInfo>(knex, 'material', moreMaterials)) materials.set(id, row);
  for (const [id, row] of await rowsOf<ProductInfo>(knex, 'product', moreProducts)) products.set(id, row);

  return {
    materials,
    products,
    workspaces,
    boms,
    wallDrawings,
    constants: await bomConstantsOf(knex, ownerId),
  };
}

/** A user's effective BOM constants by key: their override, else the system value. */
export async function bomConstantsOf(knex: Knex, userId: number): Promise<Record<string, number>> {
  const system = resourceNamed(settingViews.bomconstant);
  const constants: Record<string, number> = {};
  if (system) {
    for (const row of (await knex(resourceTable(system)).select('key', 'value')) as {
      key: string;
      value: number;
    }[])
      constants[row.key] = Number(row.value);
  }
  const mine = (await knex('property_overrides')
    .where({ userId, kind: 'bomconstant' })
    .select('key', 'value')) as {
    key: string;
    value: number;
  }[];
  for (const row of mine) if (Object.hasOwn(constants, row.key)) constants[row.key] = Number(row.value);
  return constants;
}
