import { type RectangleRoom, rectanglePlanDocument } from '@interior/contracts';

/** A rectangle room (mm) of a plan template. */
const room = (name: string, x: number, y: number, width: number, depth: number): RectangleRoom => ({
  name,
  x,
  y,
  width,
  depth,
});

/** Two apartment templates: 24평 (전용 59㎡) and 34평 (전용 84㎡), rooms as rectangles in mm. */
export const samplePlans = [
  {
    name: '24평 아파트 예시 (전용 59㎡)',
    category: '20평대 예시',
    description: '방 3, 욕실 2의 판상형 59㎡ 평면 (예시)',
    document: rectanglePlanDocument([
      room('거실', 0, 0, 3600, 5400),
      room('주방', 3600, 0, 2700, 3000),
      room('안방', 6300, 0, 3300, 3600),
      room('작은방 1', 0, 5400, 2700, 2700),
      room('작은방 2', 2700, 5400, 2700, 2700),
      room('욕실 1', 3600, 3000, 2100, 1500),
      room('욕실 2', 6300, 3600, 1800, 1500),
      room('현관', 5400, 5400, 1500, 1500),
    ]),
  },
  {
    name: '34평 아파트 예시 (전용 84㎡)',
    category: '30평대 예시',
    description: '방 3, 욕실 2, 드레스룸이 있는 4베이 84㎡ 평면 (예시)',
    document: rectanglePlanDocument([
      room('거실', 0, 0, 4500, 6000),
      room('주방', 4500, 0, 3300, 3600),
      room('안방', 7800, 0, 3900, 4200),
      room('드레스룸', 7800, 4200, 2100, 1800),
      room('작은방 1', 0, 6000, 3000, 3000),
      room('작은방 2', 3000, 6000, 3000, 3000),
      room('욕실 1', 4500, 3600, 2100, 1800),
      room('욕실 2', 9900, 4200, 1800, 1800),
      room('현관', 6000, 6000, 1800, 1800),
      room('다용도실', 4500, 5400, 1500, 600),
    ]),
  },
];
