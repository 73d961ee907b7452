import { type DesignDocument, defaultMountOf, fileUrl, type StoredFile } from '@interior/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { showNotice } from '../feedback/notices';
import { buildTree, type TreeNode } from '../resources/category/tree';
import { usePlacedProducts } from './catalogue-status';
import { list, type Named, type ProductRow, type WallDrawingRow } from './catalogue-types';
import type { EditDefaults } from './edit';
import type { MaterialCategory, MaterialRow } from './MaterialPicker';
import type { ProductSize } from './PlanCanvas';

const SEARCH_DELAY_MS = 250;

/** A catalogue read that failed is said, in Korean, with what could not be read. */
function useFailureNotice(error: Error | null, sentence: string) {
  useEffect(() => {
    if (error) showNotice(`${sentence}: ${error.message}`, 'error');
  }, [error, sentence]);
}

/** A map that grows with every row seen and keeps its identity while nothing new comes. */
function useSeen<Row extends { id: number }>() {
  const [seen, setSeen] = useState<ReadonlyMap<number, Row>>(new Map());
  const see = useCallback((rows: readonly Row[]) => {
    setSeen((before) => {
      const fresh = rows.filter((row) => JSON.stringify(before.get(row.id)) !== JSON.stringify(row));
      if (fresh.length === 0) return before;
      const next = new Map(before);
      for (const row of fresh) next.set(row.id, row);
      return next;
    });
  }, []);
  return [seen, see] as const;
}

const propertiesOf = (properties: { key: string; value: number }[]): EditDefaults => {
  const value = (key: string, fallback: number) => properties.find((p) => p.key === key)?.value ?? fallback;
  return {
    wallHeight: value('WALL_HEIGHT', 2400),
    wallThickness: value('WALL_THICKNESS', 120),
    doorHeight: value('DOOR_HEIGHT', 2100),
    windowSill: value('WINDOW_SILL', 900),
    grid: value('GRID', 100),
  };
};
const FALLBACK_DEFAULTS = propertiesOf([]);

/** Each category under its parent, named by its path ("가구 › 소파"). */
function categoryLabels(rows: (Named & { parentId: number | null; position: number | null })[]) {
  const ordered: { id: number; label: string }[] = [];
  const walk = (nodes: TreeNode<(typeof rows)[number]>[], prefix: string) => {
    for (const node of nodes) {
      const label = prefix ? `${prefix} › ${node.name}` : node.name;
      ordered.push({ id: node.id, label });
      walk(node.children, label);
    }
  };
  walk(buildTree(rows), '');
  return ordered;
}

/**
 * The catalogue data the editor draws and prices with, read through react-query: the design
 * properties in effect, materials and their categories, product categories, space types, wall
 * drawings, the product search, and the 3D models of the products placed (only once 3D opens).
 * Every product and material seen in any list is kept, so a placed product keeps its size and a
 * chosen finish its name when a search changes.
 */
export function useCatalogue(doc: DesignDocument | null, threeD: boolean) {
  const properties = useQuery({
    queryKey: ['designer', 'designproperty'],
    queryFn: () => list<{ key: string; value: number }>('designproperty'),
    select: propertiesOf,
  });
  useFailureNotice(properties.error, '설계 기본값을 불러오지 못했습니다');
  const defaults = properties.data ?? FALLBACK_DEFAULTS;

  const [materials, seeMaterials] = useSeen<MaterialRow>();
  const activeMaterials = useQuery({
    queryKey: ['designer', 'material', 'Active'],
    queryFn: () => list<MaterialRow>('material', { status: 'Active' }),
  });
  useFailureNotice(activeMaterials.error, '자재 목록을 불러오지 못했습니다');
  useEffect(() => {
    if (activeMaterials.data) seeMaterials(activeMaterials.data);
  }, [activeMaterials.data, seeMaterials]);
  const materialCategories = useQuery({
    queryKey: ['designer', 'category/material'],
    queryFn: () => list<MaterialCategory>('category/material'),
  });
  useFailureNotice(materialCategories.error, '자재 카테고리를 불러오지 못했습니다');
  const productCategories = useQuery({
    queryKey: ['designer', 'category/product'],
    queryFn: () => list<Named & { parentId: number | null; position: number | null }>('category/product'),
    select: categoryLabels,
  });
  useFailureNotice(productCategories.error, '제품 카테고리를 불러오지 못했습니다');
  const workspaces = useQuery({
    queryKey: ['designer', 'workspace'],
    queryFn: () => list<Named>('workspace'),
  });
  useFailureNotice(workspaces.error, '공간 유형을 불러오지 못했습니다');
  const wallDrawings = useQuery({
    queryKey: ['designer', 'walldrawing'],
    queryFn: () => list<WallDrawingRow>('walldrawing'),
  });
  useFailureNotice(wallDrawings.error, '벽면도 목록을 불러오지 못했습니다');
  const wallDrawingRows = wallDrawings.data ?? [];

  // The product search, read a moment after the last keystroke.
  const [productQuery, setProductQuery] = useState('');
  const [categoryId, setCategoryId] = useState<number | ''>('');
  const [searched, setSearched] = useState({ q: '', categoryId: '' as number | '' });
  useEffect(() => {
    const timer = setTimeout(() => setSearched({ q: productQuery.trim(), categoryId }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [productQuery, categoryId]);
  const productSearch = useQuery({
    queryKey: ['designer', 'product', searched],
    queryFn: () =>
      list<ProductRow>('product', {
        status: 'Active',
        ...(searched.q ? { q: searched.q } : {}),
        ...(searched.categoryId !== '' ? { categoryId: searched.categoryId } : {}),
      }),
    placeholderData: keepPreviousData,
  });
  useFailureNotice(productSearch.error, '제품 목록을 불러오지 못했습니다');
  const [known, seeProducts] = useSeen<ProductRow>();
  useEffect(() => {
    if (productSearch.data) seeProducts(productSearch.data);
  }, [productSearch.data, seeProducts]);
  const missingProducts = usePlacedProducts(doc, known, seeProducts);

  // Materials the document (or a wall drawing placed in it) uses but no list has shown yet.
  const missingMaterialIds = useMemo(() => {
    const used = new Set<number>();
    for (const room of doc?.rooms ?? [])
      for (const ref of [room.floorMaterialId, room.wallMaterialId, room.ceilingMaterialId])
        if (ref) used.add(ref);
    const drawings = new Map(wallDrawingRows.map((d) => [d.id, d]));
    for (const placed of doc?.wallDrawings ?? [])
      for (const element of drawings.get(placed.wallDrawingId)?.elements ?? []) used.add(element.materialId);
    return [...used].filter((m) => !materials.has(m)).sort((a, b) => a - b);
  }, [doc, wallDrawingRows, materials]);
  const usedMaterials = useQuery({
    queryKey: ['designer', 'material', missingMaterialIds],
    queryFn: () => list<MaterialRow>('material', { id: missingMaterialIds }),
    enabled: missingMaterialIds.length > 0,
  });
  useFailureNotice(usedMaterials.error, '디자인에 쓰인 자재를 불러오지 못했습니다');
  useEffect(() => {
    if (usedMaterials.data) seeMaterials(usedMaterials.data);
  }, [usedMaterials.data, seeMaterials]);

  // The 3D model files of the products placed, by model id: read once the 3D view opens.
  const placedModelIds = useMemo(
    () =>
      [
        ...new Set(
          (doc?.items ?? []).flatMap((item) => {
            const modelId = known.get(item.productId)?.modelId;
            return modelId ? [modelId] : [];
          }),
        ),
      ].sort((a, b) => a - b),
    [doc, known],
  );
  const models = useQuery({
    queryKey: ['designer', 'model', placedModelIds],
    queryFn: () => list<{ id: number; file: StoredFile | null }>('model', { id: placedModelIds }),
    enabled: threeD && placedModelIds.length > 0,
    placeholderData: keepPreviousData,
  });
  useFailureNotice(models.error, '제품의 3D 모델을 불러오지 못했습니다');
  const modelFiles = useMemo(
    () => new Map((models.data ?? []).flatMap((row) => (row.file ? [[row.id, row.file] as const] : []))),
    [models.data],
  );

  const materialLooks = useMemo(
    () => new Map([...materials.values()].map((m) => [m.id, { texture: m.texture }])),
    [materials],
  );
  const wallDrawingLooks = useMemo(
    () =>
      new Map(
        wallDrawingRows.map((d) => [d.id, { width: d.width, height: d.height, elements: d.elements ?? [] }]),
      ),
    [wallDrawingRows],
  );
  const wallDrawingSizes = useMemo(
    () => new Map(wallDrawingRows.map((d) => [d.id, { width: d.width, name: d.name }])),
    [wallDrawingRows],
  );
  const productBoxes = useMemo(
    () =>
      new Map(
        [...known.values()].map((p) => [
          p.id,
          {
            width: p.width ?? 800,
            depth: p.depth ?? 800,
            height: p.height ?? 800,
            model: p.modelId ? (modelFiles.get(p.modelId) ?? null) : null,
            image: p.images?.[0] ?? null,
            // A product from before mounts takes its category's (its label names the path).
            mount:
              p.mount ??
              defaultMountOf([productCategories.data?.find((c) => c.id === p.categoryId)?.label ?? '']),
            elevation: p.elevation,
          },
        ]),
      ),
    [known, modelFiles, productCategories.data],
  );
  const productSizes = useMemo(
    () =>
      new Map<number, ProductSize>(
        [...known.values()].map((p) => [
          p.id,
          {
            width: p.width ?? 800,
            depth: p.depth ?? 800,
            name: p.name,
            image: p.images?.[0] && fileUrl(p.images[0]),
          },
        ]),
      ),
    [known],
  );
  const searchMaterials = useCallback(
    (filter: Record<string, unknown>) => list<MaterialRow>('material', filter),
    [],
  );

  return {
    defaults,
    materials,
    seeMaterials,
    searchMaterials,
    materialCategories: materialCategories.data ?? [],
    productCategories: productCategories.data ?? [],
    workspaces: workspaces.data ?? [],
    wallDrawingRows,
    products: productSearch.data ?? [],
    productQuery,
    setProductQuery,
    categoryId,
    setCategoryId,
    known,
    missingProducts,
    materialLooks,
    wallDrawingLooks,
    wallDrawingSizes,
    productBoxes,
    productSizes,
  };
}

export type Catalogue = ReturnType<typeof useCatalogue>;
