import { emptyDesignDocument } from '@interior/contracts';
import { addItem, addOpening, addRectangleRoom, type EditDefaults, wallAt } from './edit';

/** The design properties the editor's unit tests draw with. */
export const defaults: EditDefaults = {
  wallHeight: 2400,
  wallThickness: 120,
  doorHeight: 2100,
  windowSill: 900,
  grid: 100,
};

/** The 4 × 3 m 거실 most cases start from, with its four walls w1–w4. */
export const livingRoom = () =>
  addRectangleRoom(emptyDesignDocument(), { x: 0, y: 0 }, { x: 4000, y: 3000 }, '거실', defaults);

/** Two rooms side by side sharing the wall x = 4000, a door on that wall, a sofa in each room. */
export function twoRooms() {
  const first = livingRoom();
  const second = addRectangleRoom(first.doc, { x: 4000, y: 0 }, { x: 7000, y: 3000 }, '침실', defaults);
  const door = addOpening(second.doc, 'Door', wallAt(second.doc, { x: 4000, y: 1500 }, 100)!, defaults);
  const sofa = addItem(door.doc, 7, { x: 2000, y: 1500 });
  const bed = addItem(sofa.doc, 8, { x: 5500, y: 1500 });
  return {
    doc: bed.doc,
    living: first.roomId,
    bedroom: second.roomId,
    door: door.openingId,
    sofa: sofa.itemId,
    bed: bed.itemId,
  };
}
