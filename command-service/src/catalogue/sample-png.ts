import { PNG } from 'pngjs';

/**
 * A drawn sample image as PNG bytes, from its RGBA pixels. The drawings fill a plain array that is
 * copied into pngjs's Buffer once: writing a Buffer pixel by pixel is ten times slower where the
 * module runs in a sandbox of its own (Jest's). The Sub filter on every row makes files as small
 * as pngjs's adaptive choice does for these drawings (within 2 %), a hundred times quicker there:
 * with both, the sample catalogue loads in a third of the time.
 */
export function encodeSamplePng(width: number, height: number, rgba: Uint8ClampedArray): Buffer {
  const png = new PNG({ width, height });
  png.data.set(rgba);
  return PNG.sync.write(png, { filterType: 1 });
}
