/** How many pixels a side the picture is shrunk to before averaging: enough for its main colour. */
const SAMPLE_SIDE = 16;

/**
 * The average colour (`#rrggbb`) of an image's opaque pixels: what a product without a 3D model
 * wears as its box, read from its top view so the box looks like the thing in the plan. `null`
 * when the image cannot be loaded or has no opaque pixel; the caller keeps its plain colour.
 */
export function averageColourOf(url: string): Promise<string | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = SAMPLE_SIDE;
      canvas.height = SAMPLE_SIDE;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return resolve(null);
      context.drawImage(image, 0, 0, SAMPLE_SIDE, SAMPLE_SIDE);
      const { data } = context.getImageData(0, 0, SAMPLE_SIDE, SAMPLE_SIDE);
      let r = 0;
      let g = 0;
      let b = 0;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        // Transparent surroundings of a top view are not the product's colour.
        if ((data[i + 3] ?? 0) < 128) continue;
        r += data[i] ?? 0;
        g += data[i + 1] ?? 0;
        b += data[i + 2] ?? 0;
        count++;
      }
      if (count === 0) return resolve(null);
      const hex = (sum: number) =>
        Math.round(sum / count)
          .toString(16)
          .padStart(2, '0');
      resolve(`#${hex(r)}${hex(g)}${hex(b)}`);
    };
    image.onerror = () => resolve(null);
    image.src = url;
  });
}
