import { z } from 'zod';
import { emptyDesignDocument, validateDesignDocument } from './design-document';
import { messages } from './messages';
import { productMountLabels, productMounts } from './product-mount';
import { defineResource } from './resource';
import { positiveId } from './validation';

/**
 * The catalogue records (brands, products, materials, space types, BOM recipes): declarations of
 * the resource mechanism (docs/adding-a-resource.md); their rules across records are the command
 * service's hooks (command-service/src/catalogue/).
 */
export const catalogueMessages = {
  duplicateBrand: '이미 등록된 브랜드 이름입니다.',
  duplicateProductCode: '이미 사용 중인 제품 코드입니다.',
  duplicateMaterialCode: '이미 사용 중인 자재 코드입니다.',
  duplicateWorkspace: '이미 등록된 공간 유형 이름입니다.',
  duplicateBom: '이미 등록된 BOM 이름입니다.',
  setNeedsComponents: '세트 제품에는 구성 제품이 하나 이상 필요합니다.',
  singleHasNoComponents: '단품에는 구성 제품을 넣을 수 없습니다.',
  componentMissing: (index: number) => `${index}번째 구성 제품을 찾을 수 없습니다.`,
  componentIsSet: (index: number) =>
    `${index}번째 구성 제품이 세트입니다. 세트 안에 세트를 넣을 수 없습니다.`,
  componentIsSelf: '세트에 자기 자신을 넣을 수 없습니다.',
  duplicateComponent: '같은 제품을 구성에 두 번 넣을 수 없습니다. 수량을 조정하세요.',
  usedInSets: (count: number) => `세트 제품 ${count}건의 구성품이라 삭제할 수 없습니다.`,
  usedInBoms: (count: number) => `BOM ${count}건에서 사용하고 있어 삭제할 수 없습니다.`,
  bomRefMissing: (line: number) => `${line}번째 줄의 자재 또는 제품을 찾을 수 없습니다.`,
  bomFormula: (line: number, reason: string) => `${line}번째 줄의 수량식이 올바르지 않습니다: ${reason}`,
} as const;

const status = {
  kind: 'enum',
  label: '상태',
  values: ['Active', 'Discontinued'],
  labels: { Active: '판매중', Discontinued: '단종' },
  required: true,
  filter: true,
  list: true,
} as const;

export const brandResource = defineResource({
  name: 'brand',
  objectType: 'Brand',
  label: '브랜드',
  notFound: '브랜드를 찾을 수 없습니다.',
  representation: 'name',
  defaultSort: ['name', 'ASC'],
  unique: [{ field: 'name', ignoreCase: true, message: catalogueMessages.duplicateBrand }],
  fields: {
    name: { kind: 'text', label: '이름', max: 100, required: true, sortable: true, search: true, list: true },
    description: { kind: 'text', label: '설명', max: 1000, multiline: true },
    homepage: { kind: 'url', label: '홈페이지', list: true },
    logo: { kind: 'file', accept: 'image', label: '로고', list: true },
    productCount: { kind: 'integer', label: '제품 수', derived: true, sortable: true, list: true },
    materialCount: { kind: 'integer', label: '자재 수', derived: true, sortable: true, list: true },
  },
});

/** A Set product's parts: other (Single) products with their quantity. */
export const MAX_SET_COMPONENTS = 50;
export const SetComponentSchema = z.object(
  {
    productId: positiveId(),
    quantity: z
      .number({ error: messages.invalidValue })
      .int({ error: messages.integer })
      .min(1, { error: messages.minNumber(1) })
      .max(1000, { error: messages.maxNumber(1000) }),
  },
  { error: messages.invalidValue },
);
export type SetComponent = z.infer<typeof SetComponentSchema>;
export const SetComponentsSchema = z
  .array(SetComponentSchema, { error: messages.invalidValue })
  .max(MAX_SET_COMPONENTS, { error: messages.maxItems(MAX_SET_COMPONENTS) });

const millimetres = (label: string) =>
  ({ kind: 'integer', label, min: 0, max: 100_000, unit: 'mm', sortable: true, filter: true }) as const;

export const productResource = defineResource({
  name: 'product',
  objectType: 'Product',
  label: '제품',
  notFound: '제품을 찾을 수 없습니다.',
  representation: 'name',
  defaultSort: ['registered', 'DESC'],
  unique: [{ field: 'code', ignoreCase: true, message: catalogueMessages.duplicateProductCode }],
  fields: {
    name: { kind: 'text', label: '이름', max: 100, required: true, sortable: true, search: true, list: true },
    code: {
      kind: 'text',
      label: '코드',
      max: 40,
      required: true,
      sortable: true,
      search: true,
      filter: true,
      list: true,
    },
    kind: {
      kind: 'enum',
      label: '구분',
      values: ['Single', 'Set'],
      labels: { Single: '단품', Set: '세트' },
      required: true,
      filter: true,
      list: true,
    },
    brandId: { kind: 'reference', resource: 'brand', label: '브랜드', filter: true, list: true },
    categoryId: {
      kind: 'reference',
      resource: 'category/product',
      label: '제품 카테고리',
      subtree: true,
      filter: true,
      list: true,
      help: '단품의 분류',
    },
    setCategoryId: {
      kind: 'reference',
      resource: 'category/set',
      label: '세트 카테고리',
      subtree: true,
      filter: true,
      help: '세트 제품의 분류',
    },
    components: {
      kind: 'json',
      label: '구성 제품',
      schema: SetComponentsSchema,
      example: [],
      help: '세트 제품만: 단품과 수량',
    },
    width: millimetres('폭'),
    depth: millimetres('깊이'),
    height: millimetres('높이'),
    price: { kind: 'money', label: '가격', required: true, sortable: true, filter: true, list: true },
    unit: {
      kind: 'enum',
      label: '단위',
      values: ['EA', 'SET', '㎡', 'm'],
      labels: { EA: 'EA', SET: 'SET', '㎡': '㎡', m: 'm' },
      required: true,
      filter: true,
    },
    bomId: { kind: 'reference', resource: 'bom', label: 'BOM', filter: true },
    description: { kind: 'text', label: '설명', max: 2000, multiline: true },
    images: { kind: 'file', accept: 'image', multiple: 8, label: '이미지', list: true },
    modelId: { kind: 'reference', resource: 'model', label: '3D 모델', filter: true },
    mount: {
      kind: 'enum',
      label: '설치 위치',
      values: productMounts,
      labels: productMountLabels,
      filter: true,
      help: '3D에서 놓이는 곳. 비우면 카테고리로 정합니다(조명은 천장, 그 밖은 바닥).',
    },
    elevation: {
      kind: 'integer',
      label: '설치 높이',
      min: 0,
      max: 10_000,
      unit: 'mm',
      help: '바닥·벽: 바닥에서 제품 아래까지, 천장: 천장에서 제품 위까지(0이면 천장에 붙음)',
    },
    status,
  },
});

export const materialResource = defineResource({
  name: 'material',
  objectType: 'Material',
  label: '자재',
  notFound: '자재를 찾을 수 없습니다.',
  representation: 'name',
  defaultSort: ['registered', 'DESC'],
  unique: [{ field: 'code', ignoreCase: true, message: catalogueMessages.duplicateMaterialCode }],
  fields: {
    name: { kind: 'text', label: '이름', max: 100, required: true, sortable: true, search: true, list: true },
    code: {
      kind: 'text',
      label: '코드',
      max: 40,
      required: true,
      sortable: true,
      search: true,
      filter: true,
      list: true,
    },
    brandId: { kind: 'reference', resource: 'brand', label: '브랜드', filter: true, list: true },
    categoryId: {
      kind: 'reference',
      resource: 'category/material',
      label: '자재 카테고리',
      subtree: true,
      filter: true,
      list: true,
    },
    pavingCategoryId: {
      kind: 'reference',
      resource: 'category/paving',
      label: '바닥 패턴 카테고리',
      subtree: true,
      filter: true,
      help: '타일과 바닥재의 시공 패턴',
    },
    usage: {
      kind: 'enumSet',
      label: '용도',
      values: ['Floor', 'Wall', 'Ceiling'],
      labels: { Floor: '바닥', Wall: '벽', Ceiling: '천장' },
      filter: true,
      list: true,
    },
    unit: {
      kind: 'enum',
      label: '단위',
      values: ['㎡', 'm', 'EA', 'BOX'],
      labels: { '㎡': '㎡', m: 'm', EA: 'EA', BOX: 'BOX' },
      required: true,
      filter: true,
      list: true,
    },
    price: { kind: 'money', label: '단가', required: true, sortable: true, filter: true, list: true },
    spec: { kind: 'text', label: '규격', max: 100, search: true, help: '예: 600×600×10T' },
    lossRate: {
      kind: 'decimal',
      label: '로스율',
      min: 0,
      max: 0.5,
      scale: 3,
      help: '0 ~ 0.5 (예: 0.05 = 5%)',
    },
    bomId: { kind: 'reference', resource: 'bom', label: 'BOM', filter: true },
    texture: {
      kind: 'file',
      accept: 'image',
      label: '텍스처',
      list: true,
      help: '바닥·벽에 반복해 붙는 이미지',
    },
    status,
  },
});

export const workspaceResource = defineResource({
  name: 'workspace',
  objectType: 'Workspace',
  // The screen is called 워크스페이스; its records are space types (공간 유형).
  label: '워크스페이스',
  notFound: '공간 유형을 찾을 수 없습니다.',
  representation: 'name',
  defaultSort: ['name', 'ASC'],
  unique: [{ field: 'name', ignoreCase: true, message: catalogueMessages.duplicateWorkspace }],
  fields: {
    name: { kind: 'text', label: '이름', max: 50, required: true, sortable: true, search: true, list: true },
    code: { kind: 'text', label: '코드', max: 40, sortable: true, search: true, list: true },
    floorMaterialId: {
      kind: 'reference',
      resource: 'material',
      label: '바닥 자재',
      filter: true,
      list: true,
    },
    wallMaterialId: { kind: 'reference', resource: 'material', label: '벽 자재', filter: true, list: true },
    ceilingMaterialId: { kind: 'reference', resource: 'material', label: '천장 자재', filter: true },
    ceilingHeight: { kind: 'integer', label: '천장 높이', min: 1800, max: 6000, unit: 'mm', sortable: true },
    bomId: { kind: 'reference', resource: 'bom', label: 'BOM', filter: true },
  },
});

/** 공종: the trades a BOM line belongs to. */
export const bomTrades = [
  '철거',
  '목공',
  '전기',
  '설비',
  '타일',
  '도장',
  '도배',
  '바닥',
  '가구',
  '방수',
  '기타',
] as const;
export const bomLineKinds = ['Material', 'Labour', 'Expense'] as const;
export const bomLineKindLabels = { Material: '재료비', Labour: '노무비', Expense: '경비' } as const;
export const MAX_BOM_LINES = 200;
const lineText = (max: number) =>
  z
    .string({ error: messages.invalidValue })
    .trim()
    .max(max, { error: messages.maxLength(max) });

export const BomLineSchema = z.object(
  {
    trade: z.enum(bomTrades, { error: messages.invalidChoice }),
    kind: z.enum(bomLineKinds, { error: messages.invalidChoice }),
    refType: z.enum(['Material', 'Product'], { error: messages.invalidChoice }).nullable().default(null),
    refId: positiveId().nullable().default(null),
    name: lineText(100).min(1, { error: messages.required }),
    spec: lineText(100).default(''),
    unit: lineText(10).min(1, { error: messages.required }),
    quantity: lineText(500).min(1, { error: messages.required }),
    unitPrice: z
      .number({ error: messages.invalidValue })
      .int({ error: messages.wholeWon })
      .min(0, { error: messages.minNumber(0) })
      .max(100_000_000, { error: messages.maxNumber(100_000_000) })
      .nullable()
      .default(null),
  },
  { error: messages.invalidValue },
);
export type BomLine = z.infer<typeof BomLineSchema>;
export const BomLinesSchema = z
  .array(BomLineSchema, { error: messages.invalidValue })
  .max(MAX_BOM_LINES, { error: messages.maxItems(MAX_BOM_LINES) });

export const bomResource = defineResource({
  name: 'bom',
  objectType: 'Bom',
  label: '자재 명세서(BOM)',
  notFound: 'BOM을 찾을 수 없습니다.',
  representation: 'name',
  defaultSort: ['name', 'ASC'],
  unique: [{ field: 'name', ignoreCase: true, message: catalogueMessages.duplicateBom }],
  fields: {
    name: { kind: 'text', label: '이름', max: 100, required: true, sortable: true, search: true, list: true },
    description: { kind: 'text', label: '설명', max: 1000, multiline: true, search: true, list: true },
    lines: {
      kind: 'json',
      label: '항목',
      schema: BomLinesSchema,
      example: [
        {
          trade: '바닥',
          kind: 'Labour',
          refType: null,
          refId: null,
          name: '강마루 시공',
          spec: '',
          unit: '㎡',
          quantity: 'ceil(area * 1.05)',
          unitPrice: 18000,
        },
      ],
    },
  },
});

/**
 * A plan template's document is a design document, checked as a design's is (shape, size, element
 * count, geometry rules; catalogue references are the command service's to check). A template may
 * leave out the kinds of element it has none of: they are empty lists.
 */
export const PlanDocumentSchema = z.unknown().transform((value, context) => {
  const filled =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? { ...emptyDesignDocument(), ...value }
      : value;
  const result = validateDesignDocument(filled);
  if (result.ok) return result.data;
  for (const [path, message] of Object.entries(result.errors)) {
    context.addIssue({ code: 'custom', message, path: path === '_' ? [] : path.split('.') });
  }
  return z.NEVER;
});

export const planResource = defineResource({
  name: 'plan',
  objectType: 'Plan',
  label: '평면도',
  notFound: '평면도를 찾을 수 없습니다.',
  representation: 'name',
  defaultSort: ['name', 'ASC'],
  fields: {
    name: { kind: 'text', label: '이름', max: 100, required: true, sortable: true, search: true, list: true },
    categoryId: {
      kind: 'reference',
      resource: 'category/plan',
      label: '평면도 카테고리',
      subtree: true,
      filter: true,
      list: true,
    },
    description: { kind: 'text', label: '설명', max: 1000, multiline: true, search: true },
    document: {
      kind: 'json',
      label: '도면',
      schema: PlanDocumentSchema,
      example: { version: 1, walls: [], rooms: [] },
    },
    area: {
      kind: 'decimal',
      label: '면적',
      min: 0,
      max: 1_000_000,
      scale: 2,
      unit: '㎡',
      derived: true,
      sortable: true,
      list: true,
    },
    roomCount: { kind: 'integer', label: '방 수', derived: true, sortable: true, list: true },
  },
});

export const wallDrawingMessages = {
  outside: (index: number) => `${index}번째 요소가 벽면도 밖으로 나갑니다.`,
  materialMissing: (index: number) => `${index}번째 요소의 자재를 찾을 수 없습니다.`,
} as const;

const mm = (max: number) =>
  z
    .number({ error: messages.invalidValue })
    .int({ error: messages.integer })
    .min(0, { error: messages.minNumber(0) })
    .max(max, { error: messages.maxNumber(max) });
export const WallDrawingElementSchema = z.object(
  { materialId: positiveId(), x: mm(100_000), y: mm(100_000), width: mm(100_000), height: mm(100_000) },
  { error: messages.invalidValue },
);
export type WallDrawingElement = z.infer<typeof WallDrawingElementSchema>;

export const wallDrawingResource = defineResource({
  name: 'walldrawing',
  objectType: 'WallDrawing',
  label: '벽면도',
  notFound: '벽면도를 찾을 수 없습니다.',
  representation: 'name',
  defaultSort: ['name', 'ASC'],
  fields: {
    name: { kind: 'text', label: '이름', max: 100, required: true, sortable: true, search: true, list: true },
    categoryId: {
      kind: 'reference',
      resource: 'category/walldrawing',
      label: '벽면도 카테고리',
      subtree: true,
      filter: true,
      list: true,
    },
    width: {
      kind: 'integer',
      label: '폭',
      min: 100,
      max: 100_000,
      unit: 'mm',
      required: true,
      sortable: true,
      list: true,
    },
    height: {
      kind: 'integer',
      label: '높이',
      min: 100,
      max: 100_000,
      unit: 'mm',
      required: true,
      sortable: true,
      list: true,
    },
    elements: {
      kind: 'json',
      label: '요소',
      schema: z
        .array(WallDrawingElementSchema, { error: messages.invalidValue })
        .max(500, { error: messages.maxItems(500) }),
      example: [],
    },
  },
});

/** A 3D model (glTF binary) that products are shown with in the editor's 3D view. */
export const modelResource = defineResource({
  name: 'model',
  objectType: 'Model',
  label: '3D 모델',
  notFound: '3D 모델을 찾을 수 없습니다.',
  representation: 'name',
  defaultSort: ['registered', 'DESC'],
  fields: {
    name: { kind: 'text', label: '이름', max: 100, required: true, sortable: true, search: true, list: true },
    file: {
      kind: 'file',
      accept: 'model',
      label: '모델 파일',
      required: true,
      list: true,
      help: 'glTF 바이너리(.glb), 50MB 이하',
    },
    thumbnail: { kind: 'file', accept: 'image', label: '썸네일', list: true },
    description: { kind: 'text', label: '설명', max: 1000, multiline: true },
    productCount: { kind: 'integer', label: '제품 수', derived: true, sortable: true, list: true },
  },
});

export const catalogueResources = [
  modelResource,
  brandResource,
  productResource,
  materialResource,
  workspaceResource,
  bomResource,
  planResource,
  wallDrawingResource,
] as const;
