import type { DesignItem } from './design-document';

/**
 * A placed product seen from above, one description for every drawing of a plan (the editor's
 * plan, the design's overview and thumbnails): its footprint at its catalogue size, turned as
 * placed, showing the product's top view (its first image) or, lacking one, its name.
 */

/** What a drawing knows of a product. */
export interface ProductTopLook {
  width: number;
  depth: number;
  name: string;
  /** Where the top view is read from (a file's URL, or a data: URL in a drawing that loads nothing). */
  image?: string | null;
}

/** A product the drawing knows nothing of (not loaded, or gone from the catalogue). */
export const unknownProductLook = (productId: number): ProductTopLook => ({
  width: 600,
  depth: 600,
  name: `제품 #${productId}`,
});

export interface ItemTopView {
  /** The footprint before turning: top-left corner and size, mm. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The SVG transform turning it about its centre as placed. */
  transform: string;
  image: string | null;
  name: string;
  /** The name, written across the footprint when there is no image: its baseline and size. */
  label: { x: number; y: number; size: number };
}

/** The drawing of one placed product. */
export function itemTopView(
  item: Pick<DesignItem, 'x' | 'y' | 'rotation' | 'productId'>,
  look: ProductTopLook | undefined,
  rotation: number = item.rotation,
): ItemTopView {
  const known = look ?? unknownProductLook(item.productId);
  const width = Math.max(known.width, 1);
  const depth = Math.max(known.depth, 1);
  // A Korean glyph is about one em wide: the name fits the width and a third of the depth.
  const size = Math.max(1, Math.min(depth / 3, (width * 0.9) / Math.max(known.name.length, 1)));
  return {
    x: item.x - width / 2,
    y: item.y - depth / 2,
    width,
    height: depth,
    transform: `rotate(${round(rotation)} ${round(item.x)} ${round(item.y)})`,
    image: known.image ?? null,
    name: known.name,
    label: { x: item.x, y: item.y + size / 3, size },
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

/** Styles both drawings share. */
export const topViewStyle = {
  fill: '#fff8e1',
  stroke: '#8d6e63',
  text: '#4e342e',
  /** An image keeps its proportions inside the footprint. */
  preserveAspectRatio: 'xMidYMid meet',
} as const;
