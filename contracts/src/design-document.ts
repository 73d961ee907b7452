import { z } from 'zod';
import { type Decimal, dec } from './decimal';
import { Exact, roundHalfUp as roundQuantityHalfUp, toNumber } from './exact';
import { isSimplePolygon, openingFitsWall, polygonAreaM2, wallsInRoomBox } from './geometry';
import { jsonUtf8Bytes } from './json-bytes';
import { messages } from './messages';
import { signedDoubleArea } from './plane';
import { type FieldErrors, positiveId, requiredText, type Validated, validate } from './validation';

/**
 * The design document, version 1: walls, openings, rooms, wall drawings and placed items, in
 * integer millimetres. Plans carry the same document. Element ids are the editor's own strings,
 * unique within the document; catalogue references (materials, products, space types, wall
 * drawings) are record ids, checked against the catalogue by the server (documentReferences).
 */

export const DESIGN_DOCUMENT_VERSION = 1;
/** Serialized size limit, bytes of UTF-8 JSON. */
export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;
/** Walls + openings + rooms + wall drawings + items. */
export const MAX_DOCUMENT_ELEMENTS = 5_000;
/** Points of one room outline. */
export const MAX_POLYGON_POINTS = 1_000;
/**
 * Points of every room outline together. With the budget below it bounds the geometry of a save or
 * an estimate (outline checks in n log n, areas and perimeters) to well under a tenth of a second:
 * a request may not hold the event loop for everyone else.
 */
export const MAX_DOCUMENT_POINTS = 5_000;
/**
 * Walls against room edges: a wall belongs to a room when its ends and middle lie on the room's
 * boundary, tested edge by edge for every wall whose ends lie in the room's box. The sum over
 * rooms of (such walls × the room's points) bounds that work; a real plan stays far below.
 */
export const MAX_WALL_EDGE_TESTS = 100_000;
/** Coordinates lie within ±1 km of the origin: the shoelace sum then stays an exact double. */
export const MAX_COORDINATE_MM = 1_000_000;
/** Heights, widths and thicknesses of building elements: up to 100 m. */
const MAX_SIZE_MM = 100_000;

const mm = (min: number, max: number) =>
  z
    .number({ error: messages.invalidValue })
    .int({ error: messages.integer })
    .min(min, { error: messages.minNumber(min) })
    .max(max, { error: messages.maxNumber(max) });

const coordinate = mm(-MAX_COORDINATE_MM, MAX_COORDINATE_MM);

export const elementIdSchema = z
  .string({ error: messages.invalidId })
  .min(1, { error: messages.invalidId })
  .max(64, { error: messages.invalidId })
  .regex(/^[A-Za-z0-9_-]+$/, { error: messages.invalidId });

const optionalRef = positiveId().optional().nullable();

export const pointSchema = z.object({ x: coordinate, y: coordinate });

export const wallSchema = z.object({
  id: elementIdSchema,
  a: pointSchema,
  b: pointSchema,
  thickness: mm(1, 2_000),
  height: mm(1, MAX_SIZE_MM),
});

export const openingSchema = z.object({
  id: elementIdSchema,
  wallId: elementIdSchema,
  kind: z.enum(['Door', 'Window'], { error: messages.invalidValue }),
  productId: optionalRef,
  offset: mm(0, 2 * MAX_COORDINATE_MM),
  width: mm(1, MAX_SIZE_MM),
  height: mm(1, MAX_SIZE_MM),
  sill: mm(0, MAX_SIZE_MM),
});

export const roomSchema = z.object({
  id: elementIdSchema,
  name: requiredText(50),
  workspaceId: optionalRef,
  // The 3-point minimum is checked with the geometry, for its own message.
  polygon: z.array(pointSchema).max(MAX_POLYGON_POINTS, { error: messages.maxItems(MAX_POLYGON_POINTS) }),
  ceilingHeight: mm(1, MAX_SIZE_MM),
  floorMaterialId: optionalRef,
  wallMaterialId: optionalRef,
  ceilingMaterialId: optionalRef,
});

export const placedWallDrawingSchema = z.object({
  id: elementIdSchema,
  wallId: elementIdSchema,
  wallDrawingId: positiveId(),
  offset: mm(0, 2 * MAX_COORDINATE_MM),
});

export const itemSchema = z.object({
  id: elementIdSchema,
  productId: positiveId(),
  x: coordinate,
  y: coordinate,
  rotation: z
    .number({ error: messages.invalidValue })
    .min(-360, { error: messages.minNumber(-360) })
    .max(360, { error: messages.maxNumber(360) }),
  quantity: mm(1, 10_000).optional().nullable(),
});

const list = <T extends z.ZodType>(item: T) =>
  z.array(item).max(MAX_DOCUMENT_ELEMENTS, { error: messages.tooManyDesignElements(MAX_DOCUMENT_ELEMENTS) });

export const designDocumentSchema = z.object({
  version: z.literal(DESIGN_DOCUMENT_VERSION, { error: messages.invalidValue }),
  walls: list(wallSchema),
  openings: list(openingSchema),
  rooms: list(roomSchema),
  wallDrawings: list(placedWallDrawingSchema),
  items: list(itemSchema),
});

export type DesignPoint = z.infer<typeof pointSchema>;
export type DesignWall = z.infer<typeof wallSchema>;
export type DesignOpening = z.infer<typeof openingSchema>;
export type DesignRoom = z.infer<typeof roomSchema>;
export type PlacedWallDrawing = z.infer<typeof placedWallDrawingSchema>;
export type DesignItem = z.infer<typeof itemSchema>;
export type DesignDocument = z.infer<typeof designDocumentSchema>;

/** A document with nothing in it: the start of an empty design. */
export const emptyDesignDocument = (): DesignDocument => ({
  version: 1,
  walls: [],
  openings: [],
  rooms: [],
  wallDrawings: [],
  items: [],
});

export const documentElementCount = (doc: DesignDocument): number =>
  doc.walls.length + doc.openings.length + doc.rooms.length + doc.wallDrawings.length + doc.items.length;

/**
 * Rules beyond the shape: ids unique within the document, room outlines simple with at least
 * 3 points, walls of non-zero length, openings and wall drawings on walls that exist, openings
 * within their wall. Errors are keyed by path (`rooms.2.polygon`, `openings.0.wallId`).
 */
export function documentRuleErrors(doc: DesignDocument): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: string, message: string) => {
    errors[path] ??= message;
  };
  const seen = new Set<string>();
  const groups = ['walls', 'openings', 'rooms', 'wallDrawings', 'items'] as const;
  for (const group of groups) {
    doc[group].forEach((element, i) => {
      if (seen.has(element.id)) add(`${group}.${i}.id`, messages.duplicateElementId);
      seen.add(element.id);
    });
  }
  const walls = new Map(doc.walls.map((w) => [w.id, w]));
  doc.walls.forEach((w, i) => {
    if (w.a.x === w.b.x && w.a.y === w.b.y) add(`walls.${i}.b`, messages.zeroLengthWall);
  });
  doc.openings.forEach((o, i) => {
    const wall = walls.get(o.wallId);
    if (!wall) {
      add(`openings.${i}.wallId`, messages.unknownWall);
      return;
    }
    const fit = openingFitsWall(o, wall);
    if (!fit.along) add(`openings.${i}.offset`, messages.openingOutsideWall);
    if (!fit.height) add(`openings.${i}.height`, messages.openingTallerThanWall);
  });
  doc.wallDrawings.forEach((d, i) => {
    if (!walls.has(d.wallId)) add(`wallDrawings.${i}.wallId`, messages.unknownWall);
  });
  doc.rooms.forEach((r, i) => {
    if (r.polygon.length < 3) add(`rooms.${i}.polygon`, messages.polygonTooFewPoints);
    else if (!isSimplePolygon(r.polygon)) add(`rooms.${i}.polygon`, messages.polygonSelfIntersecting);
  });
  return errors;
}

/**
 * Parses and checks a design document: size (2 MB), element count (5,000), shape (Korean
 * messages by path) and the rules of documentRuleErrors. Catalogue references are the server's
 * to check (documentReferences, referenceErrors).
 */
export function validateDesignDocument(input: unknown): Validated<DesignDocument> {
  if (jsonUtf8Bytes(input) > MAX_DOCUMENT_BYTES) {
    const message = messages.designDocumentTooLarge(MAX_DOCUMENT_BYTES / 1024 / 1024);
    return { ok: false, errors: { _: message }, message };
  }
  // Counted on the input as sent, before parsing it: a document far past the bound costs nothing.
  if (outlinePoints(input) > MAX_DOCUMENT_POINTS) {
    const message = messages.tooManyDesignPoints(MAX_DOCUMENT_POINTS);
    return { ok: false, errors: { rooms: message }, message };
  }
  const result = validate(designDocumentSchema, input);
  if (!result.ok) return result;
  const doc = result.data;
  if (documentElementCount(doc) > MAX_DOCUMENT_ELEMENTS) {
    const message = messages.tooManyDesignElements(MAX_DOCUMENT_ELEMENTS);
    return { ok: false, errors: { _: message }, message };
  }
  const budget = geometryBudgetError(doc);
  if (budget) return { ok: false, errors: { rooms: budget }, message: budget };
  const errors = documentRuleErrors(doc);
  const first = Object.values(errors)[0];
  if (first) return { ok: false, errors, message: first };
  return { ok: true, data: doc };
}

/** The points of the outlines of whatever rooms `input` has, as far as it is shaped like a document. */
function outlinePoints(input: unknown): number {
  const rooms = (input as { rooms?: unknown } | null)?.rooms;
  if (!Array.isArray(rooms)) return 0;
  let points = 0;
  for (const room of rooms) {
    const polygon = (room as { polygon?: unknown } | null)?.polygon;
    if (Array.isArray(polygon)) points += polygon.length;
  }
  return points;
}

/** The budget of walls against room edges, checked before any of that work is done. */
function geometryBudgetError(doc: DesignDocument): string | undefined {
  let tests = 0;
  for (const room of doc.rooms) {
    tests += wallsInRoomBox(doc.walls, room.polygon).length * room.polygon.length;
    if (tests > MAX_WALL_EDGE_TESTS) return messages.designWallsTooTangled;
  }
  return undefined;
}

export type ReferenceKind = 'material' | 'product' | 'workspace' | 'walldrawing';

export interface DocumentReference {
  kind: ReferenceKind;
  id: number;
  /** Where the reference is, e.g. `rooms.2.floorMaterialId`. */
  path: string;
  /** Which placement holds it: the element's group, its own id and the field, e.g. `rooms.r1.floorMaterialId`. */
  placement: string;
}

/** Every catalogue record the document names, with its path, in document order. */
export function documentReferences(doc: DesignDocument): DocumentReference[] {
  const refs: DocumentReference[] = [];
  /** The references held by the element at `index` of `group`, whose own id is `elementId`. */
  const heldBy =
    (group: string, index: number, elementId: string) =>
    (kind: ReferenceKind, field: string, id: number | null | undefined) => {
      if (id != null)
        refs.push({
          kind,
          id,
          path: `${group}.${index}.${field}`,
          placement: `${group}.${elementId}.${field}`,
        });
    };
  doc.openings.forEach((o, i) => {
    heldBy('openings', i, o.id)('product', 'productId', o.productId);
  });
  doc.rooms.forEach((r, i) => {
    const add = heldBy('rooms', i, r.id);
    add('workspace', 'workspaceId', r.workspaceId);
    for (const field of ['floorMaterialId', 'wallMaterialId', 'ceilingMaterialId'] as const)
      add('material', field, r[field]);
  });
  doc.wallDrawings.forEach((d, i) => {
    heldBy('wallDrawings', i, d.id)('walldrawing', 'wallDrawingId', d.wallDrawingId);
  });
  doc.items.forEach((item, i) => {
    heldBy('items', i, item.id)('product', 'productId', item.productId);
  });
  return refs;
}

/** The distinct ids of each kind, for one query per catalogue. */
export function referencedIds(refs: readonly DocumentReference[]): Record<ReferenceKind, number[]> {
  const ids: Record<ReferenceKind, Set<number>> = {
    material: new Set(),
    product: new Set(),
    workspace: new Set(),
    walldrawing: new Set(),
  };
  for (const ref of refs) ids[ref.kind].add(ref.id);
  return {
    material: [...ids.material],
    product: [...ids.product],
    workspace: [...ids.workspace],
    walldrawing: [...ids.walldrawing],
  };
}

/** The Korean name of each kind of catalogue record a document names. */
export const referenceKindLabels: Record<ReferenceKind, string> = {
  material: '자재',
  product: '제품',
  workspace: '공간 유형',
  walldrawing: '벽 장식',
};

/** A missing record named by where it is and its id, so the person (and support) can find it. */
export const missingReferenceMessage = (ref: Pick<DocumentReference, 'kind' | 'id' | 'path'>) =>
  `존재하지 않는 ${referenceKindLabels[ref.kind]}입니다. (${ref.path}: #${ref.id})`;

/** Korean errors by path for the references whose record does not exist. */
export function referenceErrors(
  refs: readonly DocumentReference[],
  exists: (kind: ReferenceKind, id: number) => boolean,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const ref of refs) if (!exists(ref.kind, ref.id)) errors[ref.path] ??= missingReferenceMessage(ref);
  return errors;
}

/**
 * The references a document adds to `before`: those whose placement (the element and its field)
 * named another record, or did not exist, in `before`. What a document already held stays
 * allowed even when its record has since gone or been discontinued.
 */
export function addedReferences(
  refs: readonly DocumentReference[],
  before: DesignDocument | null,
): DocumentReference[] {
  if (!before) return [...refs];
  const held = new Map(documentReferences(before).map((ref) => [ref.placement, `${ref.kind}:${ref.id}`]));
  return refs.filter((ref) => held.get(ref.placement) !== `${ref.kind}:${ref.id}`);
}

/**
 * Wall drawings placed beyond their wall: the drawing's width (from the catalogue) past the wall's
 * length, or its height above the wall's. `size` answers a wall drawing's size by id, or
 * undefined for one that does not exist (referenceErrors reports those).
 */
export function wallDrawingPlacementErrors(
  doc: DesignDocument,
  size: (wallDrawingId: number) => { width: number; height: number } | undefined,
): FieldErrors {
  const errors: FieldErrors = {};
  const walls = new Map(doc.walls.map((w) => [w.id, w]));
  doc.wallDrawings.forEach((placed, i) => {
    const wall = walls.get(placed.wallId);
    const drawing = size(placed.wallDrawingId);
    if (!wall || !drawing) return;
    const fit = openingFitsWall(
      {
        id: placed.id,
        wallId: wall.id,
        offset: placed.offset,
        width: drawing.width,
        height: drawing.height,
        sill: 0,
      },
      wall,
    );
    if (!fit.along || !fit.height) errors[`wallDrawings.${i}.offset`] = messages.wallDrawingOutsideWall;
  });
  return errors;
}

/**
 * The derived figures of a design or plan: total floor area in ㎡ (2 decimals, half up) and room
 * count. Coordinates are integer mm, so twice a room's area in mm² is an integer: the rooms' area
 * in ㎡ is that sum × 5 / 10⁷, an exact quantity while it is a safe integer (any plan of a
 * building), without a decimal per room (a rebuild summarises every design). Past that (rooms of
 * kilometres), in decimals.
 */
export function documentSummary(doc: Pick<DesignDocument, 'rooms'>): { area: number; roomCount: number } {
  let doubled = 0;
  for (const room of doc.rooms)
    if (room.polygon.length >= 3) doubled += Math.abs(signedDoubleArea(room.polygon));
  const area = Exact.of(doubled * 5, 7) ?? decimalArea(doc);
  return { area: toNumber(roundQuantityHalfUp(area, 2)), roomCount: doc.rooms.length };
}

/** The rooms' area in ㎡ summed in decimals. */
function decimalArea(doc: Pick<DesignDocument, 'rooms'>): Decimal {
  let area = dec(0);
  for (const room of doc.rooms) if (room.polygon.length >= 3) area = area.plus(polygonAreaM2(room.polygon));
  return area;
}
