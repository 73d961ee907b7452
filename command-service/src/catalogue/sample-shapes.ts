/**
 * What a sample product looks like, for its drawn top view (sample-top-views.ts) and its 3D model
 * (sample-models.ts): a few boxes and cylinders in its own millimetres, x across, y up, z toward
 * its back (the plan's +y: a product's front is the side its rotation handle shows). Both are made
 * from the same parts, so the plan and the 3D view agree.
 */

export type Rgb = readonly [number, number, number];

export interface Part {
  shape: 'box' | 'cylinder';
  /** Centre of the part, mm (y: above the product's bottom). */
  at: readonly [number, number, number];
  /** Extent along x, y, z, mm (a cylinder: its diameter along x and z, its height along y). */
  size: readonly [number, number, number];
  colour: Rgb;
}

export type SampleShape = 'sofa' | 'bed' | 'table' | 'chair' | 'lamp' | 'pendant' | 'cabinet' | 'fixture';

/** The shape of a sample product, from its code's family and its name. */
export function sampleShapeOf(code: string, name: string): SampleShape {
  const family = code.split('-')[1] ?? '';
  if (family === 'SOF') return 'sofa';
  if (family === 'BED') return 'bed';
  if (family === 'TBL') return /의자/.test(name) ? 'chair' : 'table';
  if (family === 'LGT') return 'lamp';
  if (family === 'PND') return 'pendant';
  if (family === 'STR') return 'cabinet';
  return 'fixture';
}

/** How a sample product is mounted (the rest stand on the floor or, lights, hang from the ceiling). */
export const sampleMounts: Readonly<Record<string, { mount: 'wall'; elevation: number }>> = {
  'EX-STR-05': { mount: 'wall', elevation: 1_450 },
  'EX-SAN-03': { mount: 'wall', elevation: 500 },
  'EX-SAN-06': { mount: 'wall', elevation: 1_100 },
  'EX-FCT-01': { mount: 'wall', elevation: 850 },
  'EX-FCT-04': { mount: 'wall', elevation: 900 },
};

const FABRIC: Rgb = [122, 134, 150];
const CUSHION: Rgb = [150, 162, 178];
const WOOD: Rgb = [176, 132, 92];
const LINEN: Rgb = [238, 236, 228];
const PILLOW: Rgb = [250, 250, 247];
const METAL: Rgb = [70, 70, 74];
const SHADE: Rgb = [250, 240, 205];
const WHITE: Rgb = [240, 240, 236];

const box = (at: Part['at'], size: Part['size'], colour: Rgb): Part => ({ shape: 'box', at, size, colour });
const cylinder = (at: Part['at'], size: Part['size'], colour: Rgb): Part => ({
  shape: 'cylinder',
  at,
  size,
  colour,
});

/** The parts of a product of this shape and size (width × depth × height, mm). */
export function sampleParts(shape: SampleShape, [w, d, h]: readonly [number, number, number]): Part[] {
  switch (shape) {
    case 'sofa': {
      const arm = Math.min(200, w / 8);
      const back = Math.min(220, d / 4);
      const seat = h * 0.5;
      const cushions = Math.max(1, Math.round((w - 2 * arm) / 700));
      const cushionWidth = (w - 2 * arm) / cushions;
      return [
        box([0, seat / 2, 0], [w, seat, d], FABRIC),
        box([0, h / 2, d / 2 - back / 2], [w, h, back], FABRIC),
        box([-w / 2 + arm / 2, (h * 0.7) / 2, 0], [arm, h * 0.7, d], FABRIC),
        box([w / 2 - arm / 2, (h * 0.7) / 2, 0], [arm, h * 0.7, d], FABRIC),
        ...Array.from({ length: cushions }, (_, i) =>
          box(
            [-w / 2 + arm + cushionWidth * (i + 0.5), seat + 40, -back / 2],
            [cushionWidth - 30, 80, d - back - 30],
            CUSHION,
          ),
        ),
      ];
    }
    case 'bed': {
      // Frame, mattress, blanket and pillows within its height; the headboard at its back.
      const head = Math.min(80, d / 20);
      const pillows = w >= 1300 ? 2 : 1;
      const pillow = (w - 200) / pillows;
      return [
        box([0, h * 0.15, 0], [w, h * 0.3, d], WOOD),
        box([0, h * 0.45, -head / 2], [w - 60, h * 0.3, d - head - 40], LINEN),
        ...Array.from({ length: pillows }, (_, i) =>
          box(
            [-w / 2 + 100 + pillow * (i + 0.5), h * 0.65, d / 2 - head - 260],
            [pillow - 60, h * 0.1, 380],
            PILLOW,
          ),
        ),
        box([0, h * 0.62, -d / 6], [w - 40, h * 0.04, (d * 2) / 3 - 80], [205, 214, 226]),
        box([0, h / 2, d / 2 - head / 2], [w, h, head], WOOD),
      ];
    }
    case 'table': {
      const leg = 60;
      const top = 40;
      const legs = [-1, 1].flatMap((sx) =>
        [-1, 1].map((sz) =>
          cylinder(
            [sx * (w / 2 - leg * 1.5), (h - top) / 2, sz * (d / 2 - leg * 1.5)],
            [leg, h - top, leg],
            WOOD,
          ),
        ),
      );
      return [box([0, h - top / 2, 0], [w, top, d], WOOD), ...legs];
    }
    case 'chair': {
      const seat = Math.min(450, h * 0.56);
      const leg = 35;
      const legs = [-1, 1].flatMap((sx) =>
        [-1, 1].map((sz) =>
          cylinder([sx * (w / 2 - leg), seat / 2, sz * (d / 2 - leg)], [leg, seat, leg], WOOD),
        ),
      );
      return [
        box([0, seat - 25, 0], [w, 50, d], FABRIC),
        box([0, (seat + h) / 2, d / 2 - 25], [w, h - seat, 50], FABRIC),
        ...legs,
      ];
    }
    case 'lamp':
      return [
        cylinder([0, h * 0.7, 0], [Math.min(w, d), h * 0.6, Math.min(w, d)], WHITE),
        cylinder([0, h * 0.2, 0], [Math.min(w, d) * 0.85, h * 0.4, Math.min(w, d) * 0.85], SHADE),
      ];
    case 'pendant': {
      const shade = Math.min(h * 0.35, 250);
      const lights = w > d * 2.5 ? 3 : 1;
      const gap = w / lights;
      return [
        box([0, h - 15, 0], [w, 30, Math.min(d, 120)], METAL),
        ...Array.from({ length: lights }, (_, i) => {
          const x = -w / 2 + gap * (i + 0.5);
          const size = Math.min(gap, d) * 0.9;
          return [
            cylinder([x, shade + (h - shade) / 2, 0], [8, h - shade, 8], METAL),
            cylinder([x, shade / 2, 0], [size, shade, size], SHADE),
          ];
        }).flat(),
      ];
    }
    case 'cabinet': {
      // Doors about 500 mm wide, the gaps between them drawn on the front.
      const doors = Math.max(1, Math.round(w / 500));
      return [
        box([0, 40, 0], [w - 40, 80, d - 40], METAL),
        box([0, (h + 80) / 2, 0], [w, h - 80, d], WHITE),
        ...Array.from({ length: doors - 1 }, (_, i) =>
          box([-w / 2 + (w / doors) * (i + 1), (h + 80) / 2, -d / 2 - 3], [8, h - 120, 6], WOOD),
        ),
      ];
    }
    case 'fixture':
      return [
        box([0, h * 0.4, 0], [w, h * 0.8, d], WHITE),
        cylinder([0, h * 0.9, -d * 0.05], [w * 0.7, h * 0.2, d * 0.7], [215, 225, 230]),
      ];
  }
}
