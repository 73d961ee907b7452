import { NodeIO } from '@gltf-transform/core';
import { PNG } from 'pngjs';
import { sampleProducts } from './sample-data';
import { sampleModel } from './sample-models';
import { sampleParts, sampleShapeOf } from './sample-shapes';
import { sampleTopView } from './sample-top-views';

// One product of each shape, and the thinnest of all (a glass partition 10 mm deep).
const cases = sampleProducts.filter(
  (p, i, all) =>
    p.code === 'EX-SAN-05' ||
    all.findIndex((q) => sampleShapeOf(q.code, q.name) === sampleShapeOf(p.code, p.name)) === i,
);

describe('the sample products’ top views and models', () => {
  test.each(cases.map((p) => [p.name, p] as const))('%s', async (_, product) => {
    const parts = sampleParts(sampleShapeOf(product.code, product.name), product.size);
    expect(parts.length).toBeGreaterThan(1);

    // The model reads back as glTF: a node a part, the whole within the product's size (metres).
    const doc = await new NodeIO().readBinary(await sampleModel(parts, product.name));
    const nodes = doc.getRoot().listNodes();
    expect(nodes).toHaveLength(parts.length);
    const [w, d, h] = product.size;
    for (const node of nodes) {
      const [x, y, z] = node.getTranslation();
      const [sx, sy, sz] = node.getScale();
      expect(Math.abs(x) + sx / 2).toBeLessThanOrEqual(w / 2000 + 0.01);
      expect(y - sy / 2).toBeGreaterThanOrEqual(-0.001);
      expect(y + sy / 2).toBeLessThanOrEqual(h / 1000 + 0.001);
      expect(Math.abs(z) + sz / 2).toBeLessThanOrEqual(d / 2000 + 0.01);
    }

    // The top view is a PNG at the product's proportions, drawn where the parts are.
    const png = PNG.sync.read(sampleTopView(parts, product.size));
    expect(Math.max(png.width, png.height)).toBeGreaterThanOrEqual(8);
    expect(Math.abs(png.width / png.height - w / d) / (w / d)).toBeLessThan(png.height >= 32 ? 0.05 : 1);
    const centre = (Math.floor(png.height / 2) * png.width + Math.floor(png.width / 2)) * 4;
    expect(png.data[centre + 3]).toBe(255);
  });
});
