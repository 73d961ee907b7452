import fc from 'fast-check';
import { dec, roundHalfUp } from './decimal';
import {
  addedReferences,
  type DesignDocument,
  documentReferences,
  documentSummary,
  MAX_COORDINATE_MM,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_ELEMENTS,
  MAX_DOCUMENT_POINTS,
  MAX_WALL_EDGE_TESTS,
  referencedIds,
  referenceErrors,
  validateDesignDocument,
  wallDrawingPlacementErrors,
} from './design-document';
import { workedExampleDocument } from './estimate-example';
import { polygonAreaM2 } from './geometry';
import { signedDoubleArea } from './plane';
import { zigZagDocument } from './worst-case-documents';

type Edit = (doc: DesignDocument & Record<string, unknown>) => void;

const errorsOf = (edit: Edit) => {
  const doc = workedExampleDocument() as DesignDocument & Record<string, unknown>;
  edit(doc);
  const result = validateDesignDocument(JSON.parse(JSON.stringify(doc)));
  return result.ok ? null : result.errors;
};

describe('validateDesignDocument', () => {
  test('the worked example is a valid document', () => {
    const result = validateDesignDocument(workedExampleDocument());
    expect(result).toEqual({ ok: true, data: workedExampleDocument() });
  });

  test.each<[string, Edit, Record<string, string>]>([
    [
      'a self-intersecting room',
      (d) => {
        d.rooms[0]!.polygon = [
          { x: 0, y: 0 },
          { x: 4000, y: 3000 },
          { x: 4000, y: 0 },
          { x: 0, y: 3000 },
        ];
      },
      { 'rooms.0.polygon': '방의 외곽선이 스스로 교차합니다.' },
    ],
    [
      'a room of two points',
      (d) => {
        d.rooms[0]!.polygon = d.rooms[0]!.polygon.slice(0, 2);
      },
      { 'rooms.0.polygon': '방의 꼭짓점은 3개 이상이어야 합니다.' },
    ],
    [
      'an opening on a wall that does not exist',
      (d) => {
        d.openings[0]!.wallId = 'nope';
      },
      { 'openings.0.wallId': '존재하지 않는 벽입니다.' },
    ],
    [
      'an opening past the end of its wall',
      (d) => {
        d.openings[0]!.offset = 3500;
      },
      { 'openings.0.offset': '개구부가 벽의 길이를 벗어납니다.' },
    ],
    [
      'an opening taller than its wall',
      (d) => {
        d.openings[0]!.sill = 500;
      },
      { 'openings.0.height': '개구부가 벽의 높이를 벗어납니다.' },
    ],
    [
      'a wall drawing on a wall that does not exist',
      (d) => {
        d.wallDrawings = [{ id: 'wd', wallId: 'w9', wallDrawingId: 1, offset: 0 }];
      },
      { 'wallDrawings.0.wallId': '존재하지 않는 벽입니다.' },
    ],
    [
      'a duplicate id across kinds',
      (d) => {
        d.items[1]!.id = 'w1';
      },
      { 'items.1.id': '문서 안에서 같은 ID가 두 번 쓰였습니다.' },
    ],
    [
      'a wall of zero length',
      (d) => {
        d.walls[0]!.b = { ...d.walls[0]!.a };
      },
      { 'walls.0.b': '벽의 두 끝점이 같습니다.', 'openings.0.offset': '개구부가 벽의 길이를 벗어납니다.' },
    ],
    [
      'millimetres must be integers',
      (d) => {
        d.walls[1]!.a = { x: 4000.5, y: 0 };
      },
      { 'walls.1.a.x': '정수를 입력해야 합니다.' },
    ],
    [
      'a coordinate beyond 1 km',
      (d) => {
        d.items[0]!.x = 1_000_001;
      },
      { 'items.0.x': '1000000 이하여야 합니다.' },
    ],
    [
      'a room without a name',
      (d) => {
        d.rooms[0]!.name = '  ';
      },
      { 'rooms.0.name': '필수 입력 항목입니다.' },
    ],
    [
      'an unknown opening kind',
      (d) => {
        (d.openings[0] as { kind: string }).kind = 'Arch';
      },
      { 'openings.0.kind': '유효한 값이 아닙니다.' },
    ],
    [
      'a material id that is not an id',
      (d) => {
        (d.rooms[0] as { floorMaterialId: unknown }).floorMaterialId = 'abc';
      },
      { 'rooms.0.floorMaterialId': '유효한 ID가 아닙니다.' },
    ],
    [
      'another version',
      (d) => {
        (d as { version: number }).version = 2;
      },
      { version: '유효한 값이 아닙니다.' },
    ],
    [
      'an element id with odd characters',
      (d) => {
        d.walls[0]!.id = 'w 1<script>';
      },
      // shape errors come first; the rules are checked on a well-shaped document
      { 'walls.0.id': '유효한 ID가 아닙니다.' },
    ],
  ])('%s', (_, edit, expected) => {
    expect(errorsOf(edit)).toEqual(expected);
  });

  test('more than 5,000 elements', () => {
    const doc = workedExampleDocument();
    doc.items = Array.from({ length: MAX_DOCUMENT_ELEMENTS - 6 }, (_, i) => ({
      id: `i${i}`,
      productId: 1,
      x: 0,
      y: 0,
      rotation: 0,
    }));
    expect(validateDesignDocument(doc).ok).toBe(true); // exactly 5,000
    doc.items.push({ id: 'one-more', productId: 1, x: 0, y: 0, rotation: 0 });
    expect(validateDesignDocument(doc)).toMatchObject({
      ok: false,
      errors: { _: '디자인 요소는 5,000개 이하여야 합니다.' },
    });
  });

  test('a document of more than 2 MB of UTF-8 JSON is refused for its size, one of exactly 2 MB is not', () => {
    const tooLarge = { _: '디자인 문서는 2MB 이하여야 합니다.' };
    // Padded to `bytes` by a string of Korean (3 bytes each) and one ASCII tail.
    const padded = (bytes: number) => {
      const doc = workedExampleDocument() as DesignDocument & { note?: string };
      const base = Buffer.byteLength(JSON.stringify({ ...doc, note: '' }));
      const rest = bytes - base;
      doc.note = '가'.repeat(Math.floor(rest / 3)) + 'x'.repeat(rest % 3);
      expect(Buffer.byteLength(JSON.stringify(doc))).toBe(bytes);
      return doc;
    };
    const over = validateDesignDocument(padded(MAX_DOCUMENT_BYTES + 1));
    expect(over.ok ? {} : over.errors).toEqual(tooLarge);
    const at = validateDesignDocument(padded(MAX_DOCUMENT_BYTES));
    expect(at.ok ? {} : at.errors).not.toEqual(tooLarge);
  });

  test('not an object at all', () => {
    expect(validateDesignDocument(null).ok).toBe(false);
    expect(validateDesignDocument('{}').ok).toBe(false);
  });
});

describe('references', () => {
  const doc = (): DesignDocument => {
    const d = workedExampleDocument();
    d.rooms[0]!.workspaceId = 4;
    d.rooms[0]!.ceilingMaterialId = 2;
    d.openings[0]!.productId = 7;
    d.wallDrawings = [{ id: 'wd', wallId: 'w2', wallDrawingId: 3, offset: 0 }];
    return d;
  };

  test('documentReferences lists every catalogue id with its path', () => {
    expect(documentReferences(doc())).toEqual([
      { kind: 'product', id: 7, path: 'openings.0.productId', placement: 'openings.d1.productId' },
      { kind: 'workspace', id: 4, path: 'rooms.0.workspaceId', placement: 'rooms.r1.workspaceId' },
      { kind: 'material', id: 1, path: 'rooms.0.floorMaterialId', placement: 'rooms.r1.floorMaterialId' },
      { kind: 'material', id: 2, path: 'rooms.0.wallMaterialId', placement: 'rooms.r1.wallMaterialId' },
      { kind: 'material', id: 2, path: 'rooms.0.ceilingMaterialId', placement: 'rooms.r1.ceilingMaterialId' },
      {
        kind: 'walldrawing',
        id: 3,
        path: 'wallDrawings.0.wallDrawingId',
        placement: 'wallDrawings.wd.wallDrawingId',
      },
      { kind: 'product', id: 1, path: 'items.0.productId', placement: 'items.i1.productId' },
      { kind: 'product', id: 1, path: 'items.1.productId', placement: 'items.i2.productId' },
    ]);
    expect(referencedIds(documentReferences(doc()))).toEqual({
      material: [1, 2],
      product: [7, 1],
      workspace: [4],
      walldrawing: [3],
    });
  });

  test('referenceErrors names the path and id of each missing record', () => {
    const existing = { material: [1], product: [1, 7], workspace: [], walldrawing: [3] } as Record<
      string,
      number[]
    >;
    expect(referenceErrors(documentReferences(doc()), (kind, id) => existing[kind]!.includes(id))).toEqual({
      'rooms.0.workspaceId': '존재하지 않는 공간 유형입니다. (rooms.0.workspaceId: #4)',
      'rooms.0.wallMaterialId': '존재하지 않는 자재입니다. (rooms.0.wallMaterialId: #2)',
      'rooms.0.ceilingMaterialId': '존재하지 않는 자재입니다. (rooms.0.ceilingMaterialId: #2)',
    });
  });
});

describe('added references', () => {
  const doc = (): DesignDocument => {
    const d = workedExampleDocument();
    d.rooms[0]!.workspaceId = 4;
    return d;
  };
  test('a placement that kept its record is not added; a new element or a changed record is', () => {
    const before = doc();
    const after = doc();
    after.items[0]!.x += 500; // moved, same product
    after.items[1]!.productId = 9; // another product on the same element
    after.items.push({ id: 'i3', productId: 1, x: 0, y: 0, rotation: 0 }); // a new placement
    after.rooms[0]!.workspaceId = null;
    expect(addedReferences(documentReferences(after), before).map((r) => r.path)).toEqual([
      'items.1.productId',
      'items.2.productId',
    ]);
    expect(addedReferences(documentReferences(after), null)).toHaveLength(documentReferences(after).length);
  });
});

describe('wall drawing placement and the summary', () => {
  test.each([
    ['fits', 500, { width: 2000, height: 2400 }, {}],
    ['to the very end of the 3 m wall', 1000, { width: 2000, height: 2400 }, {}],
    [
      'past the end',
      1500,
      { width: 2000, height: 2400 },
      { 'wallDrawings.0.offset': '벽 장식이 벽의 범위를 벗어납니다.' },
    ],
    [
      'taller than the wall',
      0,
      { width: 1000, height: 2500 },
      { 'wallDrawings.0.offset': '벽 장식이 벽의 범위를 벗어납니다.' },
    ],
    ['unknown drawing: left to referenceErrors', 0, undefined, {}],
  ])('%s', (_, offset, size, expected) => {
    const doc = workedExampleDocument();
    doc.wallDrawings = [{ id: 'wd', wallId: 'w2', wallDrawingId: 3, offset }];
    expect(wallDrawingPlacementErrors(doc, () => size)).toEqual(expected);
  });

  test('documentSummary: area in ㎡ and rooms', () => {
    const doc = workedExampleDocument();
    doc.rooms.push({
      id: 'r2',
      name: '욕실',
      polygon: [
        { x: 4000, y: 0 },
        { x: 5555, y: 0 },
        { x: 5555, y: 1234 },
        { x: 4000, y: 1234 },
      ],
      ceilingHeight: 2300,
    });
    // 12 + 1.55 × 1.234 = 12 + 1.91887 → 13.92
    expect(documentSummary(doc)).toEqual({ area: 13.92, roomCount: 2 });
  });

  /** The area as ㎡ summed in decimals room by room, rounded half up: what the summary must equal. */
  const decimalArea = (rooms: DesignDocument['rooms']) =>
    roundHalfUp(
      rooms
        .filter((room) => room.polygon.length >= 3)
        .reduce((sum, room) => sum.plus(polygonAreaM2(room.polygon)), dec(0)),
      2,
    ).toNumber();

  test('documentSummary: the area of any rooms is their decimal sum rounded half up, to the hundredth', () => {
    const coordinate = (max: number) => fc.integer({ min: -max, max });
    const rooms = (max: number, points: number) =>
      fc.array(
        fc.array(fc.record({ x: coordinate(max), y: coordinate(max) }), { minLength: 0, maxLength: points }),
        { maxLength: 12 },
      );
    fc.assert(
      fc.property(
        // Rooms of a few metres (halves of 0.01 ㎡ are common), of a kilometre, and at the
        // coordinate limit, many of whose sums pass 2^53.
        fc.oneof(rooms(5_000, 8), rooms(1_000_000, 8), rooms(MAX_COORDINATE_MM, 40)),
        (polygons) => {
          const roomsOf = polygons.map((polygon, i) => ({
            id: `r${i}`,
            name: '방',
            polygon,
            ceilingHeight: 2_400,
          }));
          expect(documentSummary({ rooms: roomsOf })).toEqual({
            area: decimalArea(roomsOf),
            roomCount: roomsOf.length,
          });
        },
      ),
      { numRuns: 2_000 },
    );
  });

  test('documentSummary: rooms whose areas together pass 2^53 mm² are summed exactly too', () => {
    const m = MAX_COORDINATE_MM;
    const square = [
      { x: -m, y: -m },
      { x: m, y: -m },
      { x: m, y: m - 1 },
      { x: -m, y: m },
    ];
    const rooms = Array.from({ length: 1_200 }, (_, i) => ({
      id: `r${i}`,
      name: '방',
      polygon: square,
      ceilingHeight: 2_400,
    }));
    expect(1_200 * Math.abs(signedDoubleArea(square))).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    expect(documentSummary({ rooms })).toEqual({ area: decimalArea(rooms), roomCount: 1_200 });
  });

  test.each([
    ['exactly half a hundredth rounds up', 10_000 + 5_000],
    ['just under half a hundredth rounds down', 10_000 + 4_999],
  ])('documentSummary: %s', (_, areaMm2) => {
    // A 1 mm wide strip: its area in mm² is its length.
    const polygon = [
      { x: 0, y: 0 },
      { x: areaMm2, y: 0 },
      { x: areaMm2, y: 1 },
      { x: 0, y: 1 },
    ];
    const rooms = [{ id: 'r', name: '방', polygon, ceilingHeight: 2_400 }];
    expect(documentSummary({ rooms }).area).toBe(decimalArea(rooms));
  });
});

describe('the geometry budget', () => {
  test('points of every outline together are bounded, with a Korean message', () => {
    const rooms = Math.floor(MAX_DOCUMENT_POINTS / 1_000);
    expect(validateDesignDocument(zigZagDocument({ rooms, pointsPerRoom: 1_000, walls: 0 })).ok).toBe(true);
    const over = validateDesignDocument(zigZagDocument({ rooms: rooms + 1, pointsPerRoom: 1_000, walls: 0 }));
    expect(over).toEqual({
      ok: false,
      errors: { rooms: '방 외곽선의 꼭짓점은 문서 전체에서 5,000개 이하여야 합니다.' },
      message: '방 외곽선의 꼭짓점은 문서 전체에서 5,000개 이하여야 합니다.',
    });
  });

  test("walls in rooms' boxes times the rooms' points are bounded", () => {
    const walls = Math.floor(MAX_WALL_EDGE_TESTS / 1_000);
    expect(validateDesignDocument(zigZagDocument({ rooms: 1, pointsPerRoom: 1_000, walls })).ok).toBe(true);
    const over = validateDesignDocument(zigZagDocument({ rooms: 1, pointsPerRoom: 1_000, walls: walls + 1 }));
    expect(over.ok ? null : over.message).toBe(
      '방의 꼭짓점과 그 안의 벽이 너무 많아 계산할 수 없습니다. 방을 나누거나 벽을 줄여 주세요.',
    );
  });
});
