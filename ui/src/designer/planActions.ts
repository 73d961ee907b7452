import { type DesignDocument, type DesignPoint, isSimplePolygon } from '@interior/contracts';
import { showNotice } from '../feedback/notices';
import type { ProductRow, WallDrawingRow } from './catalogue-types';
import { applying } from './DimensionFields';
import { moveWall } from './dimensions';
import {
  addItem,
  addOpening,
  addPolygonRoom,
  addRectangleRoom,
  addRoomsFromWalls,
  addWall,
  addWallDrawing,
  type EditDefaults,
  type Selected,
  updateItem,
  wallAt,
} from './edit';
import type { Tool } from './PlanCanvas';
import { dragMove } from './selection';

const announceRooms = (rooms: { name: string; area: number }[], why: string) =>
  showNotice(
    `${why} 방을 만들었습니다: ${rooms.map((r) => `${r.name} (${r.area.toLocaleString('ko-KR')}㎡)`).join(', ')}`,
    'success',
  );

/**
 * What the plan's gestures do to the document (each one undo step, through `edit`): the element
 * drawn becomes the selection and the tool goes back to 선택 where drawing one thing is the job;
 * what cannot be done is said in a notice and changes nothing.
 */
export function planActions({
  doc,
  edit,
  tool,
  setTool,
  setSelection,
  defaults,
  product,
  wallDrawing,
}: {
  doc: DesignDocument;
  edit: (next: DesignDocument) => void;
  tool: Tool;
  setTool: (tool: Tool) => void;
  setSelection: (selection: Selected[]) => void;
  defaults: EditDefaults;
  product: ProductRow | null;
  wallDrawing: WallDrawingRow | null;
}) {
  const onRectangle = (from: DesignPoint, to: DesignPoint) => {
    const made = addRectangleRoom(doc, from, to, `방 ${doc.rooms.length + 1}`, defaults);
    edit(made.doc);
    setSelection([{ kind: 'room', id: made.roomId }]);
    setTool('select');
  };
  const onPolygon = (points: DesignPoint[]) => {
    if (!isSimplePolygon(points)) return showNotice('변이 서로 겹치지 않게 그려 주세요.', 'warning');
    const made = addPolygonRoom(
      doc,
      points,
      { name: `방 ${doc.rooms.length + 1}`, ceilingHeight: defaults.wallHeight },
      defaults,
    );
    edit(made.doc);
    setSelection([{ kind: 'room', id: made.roomId }]);
    setTool('select');
  };
  /** A wall drawn; when it closes areas no room covers, they become rooms in the same edit. */
  const onWall = (a: DesignPoint, b: DesignPoint) => {
    const made = addWall(doc, a, b, defaults);
    if (!made) return false;
    const closed = addRoomsFromWalls(made.doc, defaults, { boundedBy: made.wallId });
    edit(closed.doc);
    if (closed.rooms.length === 0) return false;
    announceRooms(closed.rooms, '벽이 닫혀');
    return true;
  };
  const roomsFromWalls = () => {
    const made = addRoomsFromWalls(doc, defaults);
    if (made.rooms.length === 0) return showNotice('방이 없는 닫힌 벽이 없습니다.', 'info');
    edit(made.doc);
    setSelection(made.rooms.map((r) => ({ kind: 'room' as const, id: r.id })));
    setTool('select');
    announceRooms(made.rooms, '닫힌 벽으로');
  };
  const onPoint = (point: DesignPoint, raw: DesignPoint) => {
    if (tool === 'door' || tool === 'window') {
      const at = wallAt(doc, raw, Math.max(300, defaults.wallThickness * 2));
      if (!at) return showNotice('벽 위를 눌러 주세요.', 'info');
      const made = addOpening(doc, tool === 'door' ? 'Door' : 'Window', at, defaults);
      edit(made.doc);
      setSelection([{ kind: 'opening', id: made.openingId }]);
    } else if (tool === 'wallDrawing') {
      if (!wallDrawing) return showNotice('벽면도 목록에서 붙일 벽면도를 먼저 고르세요.', 'info');
      const at = wallAt(doc, raw, Math.max(300, defaults.wallThickness * 2));
      if (!at) return showNotice('벽 위를 눌러 주세요.', 'info');
      const made = addWallDrawing(doc, wallDrawing, at, defaults.grid);
      if (!made) return showNotice('벽면도가 이 벽보다 넓습니다.', 'warning');
      edit(made.doc);
      setSelection([{ kind: 'wallDrawing', id: made.placedId }]);
    } else if (tool === 'item') {
      if (!product) return showNotice('제품 목록에서 놓을 제품을 먼저 고르세요.', 'info');
      const made = addItem(doc, product.id, point);
      edit(made.doc);
      setSelection([{ kind: 'item', id: made.itemId }]);
    }
  };
  const onMove = (targets: Selected[], delta: DesignPoint) => {
    // A wall alone is reshaped once, and says why when it cannot move there; anything else always moves.
    const wall = targets.length === 1 && targets[0]!.kind === 'wall' ? targets[0]! : null;
    applying(edit)(
      wall
        ? moveWall(doc, wall.id, delta, defaults.grid)
        : { doc: dragMove(doc, targets, delta, defaults.grid) },
    );
  };
  const onRotate = (itemId: string, rotation: number) => edit(updateItem(doc, itemId, { rotation }));
  const onDrop = (productId: number, at: DesignPoint) => {
    const made = addItem(doc, productId, at);
    edit(made.doc);
    setSelection([{ kind: 'item', id: made.itemId }]);
    setTool('select');
  };
  return { onRectangle, onPolygon, onWall, roomsFromWalls, onPoint, onMove, onRotate, onDrop };
}
