import { designDocumentSchema, PlanDocumentSchema, validateDesignDocument } from '@interior/contracts';
import { samplePlans } from './sample-plans';

describe('the sample plan templates', () => {
  it.each(samplePlans.map((plan) => [plan.name, plan.document] as const))(
    '%s is a design document a design can start from: every room with its id and walls, the checks a saved design passes',
    (_name, document) => {
      expect(PlanDocumentSchema.safeParse(document).success).toBe(true);
      const checked = validateDesignDocument(document);
      expect(checked.ok ? {} : checked.errors).toEqual({});
      const parsed = designDocumentSchema.parse(document);
      expect(parsed.rooms.every((room) => room.polygon.length === 4)).toBe(true);
      // Every room edge lies on a wall.
      const onWall = (a: { x: number; y: number }, b: { x: number; y: number }) =>
        parsed.walls.some(
          (w) =>
            (w.a.x === a.x && w.a.y === a.y && w.b.x === b.x && w.b.y === b.y) ||
            (w.a.x === b.x && w.a.y === b.y && w.b.x === a.x && w.b.y === a.y),
        );
      for (const room of parsed.rooms) {
        room.polygon.forEach((a, i) => {
          expect(onWall(a, room.polygon[(i + 1) % room.polygon.length]!)).toBe(true);
        });
      }
    },
  );
});
