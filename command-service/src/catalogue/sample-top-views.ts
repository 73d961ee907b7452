import { encodeSamplePng } from './sample-png';
import type { Part, Rgb } from './sample-shapes';

/** The longer side of a sample top view, px. */
const LONG_SIDE = 256;

/**
 * A sample product's top view (its first image, which the plan draws over its footprint): its
 * parts seen from above, the higher ones over the lower, each a little lighter the higher it
 * stands, with a dark edge; transparent around them. PNG at the product's proportions.
 */
export function sampleTopView(parts: readonly Part[], [w, d]: readonly [number, number, number]): Buffer {
  const scale = LONG_SIDE / Math.max(w, d, 1);
  const width = Math.max(8, Math.round(w * scale));
  const height = Math.max(8, Math.round(d * scale));
  // Across and deep apart: a very thin product (a glass partition) still fills its few pixels.
  const sx = width / Math.max(w, 1);
  const sy = height / Math.max(d, 1);
  const pixels = new Uint8ClampedArray(width * height * 4);
  const tallest = Math.max(...parts.map((p) => p.at[1] + p.size[1] / 2), 1);
  const byTop = [...parts].sort((a, b) => a.at[1] + a.size[1] / 2 - (b.at[1] + b.size[1] / 2));
  for (const part of byTop) {
    const top = part.at[1] + part.size[1] / 2;
    const lift = (top / tallest) * 30 - 15;
    const cx = (part.at[0] + w / 2) * sx;
    const cy = (part.at[2] + d / 2) * sy;
    const rx = Math.max((part.size[0] * sx) / 2, 0.6);
    const ry = Math.max((part.size[2] * sy) / 2, 0.6);
    const edge = Math.min(2, Math.min(rx, ry) / 3);
    for (let y = Math.floor(cy - ry); y <= Math.ceil(cy + ry); y++) {
      for (let x = Math.floor(cx - rx); x <= Math.ceil(cx + rx); x++) {
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const dx = (x + 0.5 - cx) / rx;
        const dy = (y + 0.5 - cy) / ry;
        // How far inside the part (in px from its edge); negative outside.
        const inside =
          part.shape === 'box'
            ? Math.min(rx - Math.abs(x + 0.5 - cx), ry - Math.abs(y + 0.5 - cy))
            : (1 - Math.hypot(dx, dy)) * Math.min(rx, ry);
        if (inside < 0) continue;
        const colour: Rgb = inside < edge ? darker(part.colour) : part.colour;
        const i = (y * width + x) * 4;
        pixels[i] = colour[0] + lift;
        pixels[i + 1] = colour[1] + lift;
        pixels[i + 2] = colour[2] + lift;
        pixels[i + 3] = 255;
      }
    }
  }
  return encodeSamplePng(width, height, pixels);
}

const darker = ([r, g, b]: Rgb): Rgb => [r * 0.55, g * 0.55, b * 0.55];
