import {
  bomResource,
  brandResource,
  materialResource,
  modelResource,
  planResource,
  productResource,
  type ResourceDeclaration,
  resourceNamed,
  resourceTable,
  workspaceResource,
} from '@interior/contracts';
import { forbidden, principalOf } from '@interior/platform';
import type { FastifyInstance } from 'fastify';
import type { CommandMeta } from '../decider';
import { type CommandServiceDeps, metaOf } from '../deps';
import { storeFile } from '../files/files';
import { createRecord, type ResourceCommandHooks } from '../resource/routes';
import { sampleBoms, sampleWorkspaces } from './sample-boms';
import { sampleBrands, sampleCategories, sampleMaterials, sampleProducts, sampleSets } from './sample-data';
import { sampleModel } from './sample-models';
import { samplePlans } from './sample-plans';
import { sampleMounts, sampleParts, sampleShapeOf } from './sample-shapes';
import { sampleTexture } from './sample-textures';
import { sampleTopView } from './sample-top-views';

/** The owner of files the platform stores itself (no user's upload). */
const PLATFORM_OWNER = 0;

/**
 * Loads the sample catalogue through the same commands as the screens. Idempotent: a record is
 * looked up by what names it (a category by name under its parent, others by code or name) and
 * created only when missing, so a second run, or a run after a partial one, adds only what lacks.
 */
export async function loadSampleCatalogue(
  deps: CommandServiceDeps,
  hooksOf: (name: string) => ResourceCommandHooks,
  meta: CommandMeta,
): Promise<{ created: number }> {
  let created = 0;
  /** Records created since the last `settle`, which later records may reference. */
  let unsettled: { resource: ResourceDeclaration; id: number }[] = [];
  const ensure = async (
    resource: ResourceDeclaration,
    match: Record<string, unknown>,
    fields: Record<string, unknown> | (() => Promise<Record<string, unknown>>),
  ) => {
    const found = (await deps.knex(resourceTable(resource)).where(match).first('id')) as
      | { id: number }
      | undefined;
    if (found) return found.id;
    created++;
    // Made only for a record that is missing (a texture file is stored for it).
    const values = typeof fields === 'function' ? await fields() : { ...fields };
    const id = await createRecord(deps, resource, hooksOf(resource.name), values, meta);
    unsettled.push({ resource, id });
    return id;
  };
  /**
   * Waits until the read models show every record created since the last call, however busy the
   * projections are: a command checks the records it references there. Called once per kind of
   * record rather than after each one, so the projections catch up on a whole batch at a time.
   */
  const settle = async () => {
    for (let waited = 0; unsettled.length > 0 && waited < 60_000; waited += 50) {
      // One read per table a turn, for all of its records still missing.
      const shown = new Set<string>();
      for (const table of new Set(unsettled.map((record) => resourceTable(record.resource)))) {
        const ids = unsettled.filter((r) => resourceTable(r.resource) === table).map((r) => r.id);
        for (const id of await deps.knex(table).whereIn('id', ids).pluck('id')) shown.add(`${table}:${id}`);
      }
      unsettled = unsettled.filter((r) => !shown.has(`${resourceTable(r.resource)}:${r.id}`));
      if (unsettled.length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    unsettled = [];
  };
  /** A file of the sample (a texture, a top view, a model), stored as the platform's own upload. */
  const storeSampleFile = async (data: Buffer, originalName: string, kind: 'png' | 'glb') => {
    const stored = await storeFile(
      deps.knex,
      {
        data,
        originalName,
        contentType: kind === 'png' ? 'image/png' : 'model/gltf-binary',
        extension: kind,
      },
      meta.actorId ?? PLATFORM_OWNER,
      'record',
    );
    return { id: stored.id };
  };
  const storeSampleTexture = (code: string, name: string) =>
    storeSampleFile(sampleTexture(code, name), `${code}.png`, 'png');
  const categories = new Map<string, number>();
  // The roots first, settled, then their children, which name them as parent.
  const trees = Object.entries(sampleCategories).map(
    ([tree, roots]) => [tree, resourceNamed(tree) as ResourceDeclaration, Object.entries(roots)] as const,
  );
  for (const [tree, resource, roots] of trees)
    for (const [root] of roots)
      categories.set(
        `${tree}:${root}`,
        await ensure(
          resource,
          { name: root, parentId: null },
          { name: root, parentId: null, position: null },
        ),
      );
  await settle();
  for (const [tree, resource, roots] of trees)
    for (const [root, children] of roots) {
      const parentId = categories.get(`${tree}:${root}`) as number;
      for (const child of children)
        categories.set(
          `${tree}:${child}`,
          await ensure(resource, { name: child, parentId }, { name: child, parentId, position: null }),
        );
    }
  const category = (tree: string, name: string) => categories.get(`${tree}:${name}`) ?? null;

  const brands = new Map<string, number>();
  for (const brand of sampleBrands)
    brands.set(brand.name, await ensure(brandResource, { name: brand.name }, brand));
  await settle();

  const materials = new Map<string, number>();
  for (const m of sampleMaterials) {
    const id = await ensure(materialResource, { code: m.code }, async () => ({
      texture: await storeSampleTexture(m.code, m.name),
      name: m.name,
      code: m.code,
      brandId: brands.get(m.brand) ?? null,
      categoryId: category('category/material', m.category),
      pavingCategoryId: m.paving ? category('category/paving', m.paving) : null,
      usage: m.usage,
      unit: m.unit,
      price: m.price,
      spec: m.spec,
      lossRate: m.lossRate,
      bomId: null,
      status: 'Active',
    }));
    materials.set(m.code, id);
  }
  await settle();

  const boms = new Map<string, number>();
  for (const bom of sampleBoms) {
    const lines = bom.lines.map((line) => ({
      trade: line.trade,
      kind: line.kind,
      refType: line.material ? 'Material' : null,
      refId: line.material ? (materials.get(line.material) ?? null) : null,
      name: line.name,
      spec: line.spec ?? '',
      unit: line.unit,
      quantity: line.quantity,
      unitPrice: line.unitPrice ?? null,
    }));
    boms.set(
      bom.name,
      await ensure(bomResource, { name: bom.name }, { name: bom.name, description: bom.description, lines }),
    );
  }
  await settle();

  // Drawn here from a few boxes and cylinders: a product's top view for the plan, its model for 3D.
  const partsOf = (p: (typeof sampleProducts)[number]) => sampleParts(sampleShapeOf(p.code, p.name), p.size);
  const models = new Map<string, number>();
  for (const p of sampleProducts) {
    const modelName = `${p.name} 3D`;
    const modelId = await ensure(modelResource, { name: modelName }, async () => ({
      name: modelName,
      file: await storeSampleFile(Buffer.from(await sampleModel(partsOf(p), p.name)), `${p.code}.glb`, 'glb'),
      thumbnail: null,
      description: '샘플 카탈로그가 상자와 원기둥으로 만든 모델입니다.',
    }));
    models.set(p.code, modelId);
  }
  await settle();

  const products = new Map<string, number>();
  for (const p of sampleProducts) {
    const [width, depth, height] = p.size;
    const id = await ensure(productResource, { code: p.code }, async () => ({
      images: [await storeSampleFile(sampleTopView(partsOf(p), p.size), `${p.code}-top.png`, 'png')],
      modelId: models.get(p.code),
      mount: sampleMounts[p.code]?.mount ?? null,
      elevation: sampleMounts[p.code]?.elevation ?? null,
      name: p.name,
      code: p.code,
      kind: 'Single',
      brandId: brands.get(p.brand) ?? null,
      categoryId: category('category/product', p.category),
      setCategoryId: null,
      components: [],
      width,
      depth,
      height,
      price: p.price,
      unit: p.unit,
      bomId: null,
      description: p.description,
      status: 'Active',
    }));
    products.set(p.code, id);
  }
  await settle();
  for (const set of sampleSets) {
    await ensure(
      productResource,
      { code: set.code },
      {
        name: set.name,
        code: set.code,
        kind: 'Set',
        brandId: null,
        categoryId: null,
        setCategoryId: category('category/set', set.category),
        components: set.components.map((c) => ({
          productId: products.get(c.code) as number,
          quantity: c.quantity,
        })),
        width: null,
        depth: null,
        height: null,
        price: set.price,
        unit: 'SET',
        bomId: null,
        description: set.description,
        status: 'Active',
      },
    );
  }

  for (const w of sampleWorkspaces) {
    await ensure(
      workspaceResource,
      { name: w.name },
      {
        name: w.name,
        code: w.code,
        floorMaterialId: w.floor ? (materials.get(w.floor) ?? null) : null,
        wallMaterialId: w.wall ? (materials.get(w.wall) ?? null) : null,
        ceilingMaterialId: w.ceiling ? (materials.get(w.ceiling) ?? null) : null,
        ceilingHeight: w.ceilingHeight,
        bomId: w.bom ? (boms.get(w.bom) ?? null) : null,
      },
    );
  }
  await settle();

  for (const plan of samplePlans) {
    await ensure(
      planResource,
      { name: plan.name },
      {
        name: plan.name,
        categoryId: category('category/plan', plan.category),
        description: plan.description,
        document: plan.document,
      },
    );
  }
  // The lists the Admin returns to show all of it.
  await settle();
  return { created };
}

/**
 * `POST /api/catalogue/sample` (Admin): loads the sample catalogue (the "샘플 데이터 불러오기"
 * button of an empty catalogue); answers how many records it created (0 when all were there).
 */
export function registerSampleCommands(
  app: FastifyInstance,
  deps: CommandServiceDeps,
  hooksOf: (name: string) => ResourceCommandHooks,
): void {
  app.post('/api/catalogue/sample', async (request) => {
    const principal = principalOf(request);
    if (!principal.roles.includes('Admin')) throw forbidden();
    return loadSampleCatalogue(deps, hooksOf, metaOf(request));
  });
}
