import { type DesignDocument, type DrawingOptions, drawDocumentSvg } from '@interior/contracts';
import SVGtoPDF from 'svg-to-pdfkit';
import type { Doc } from './layout';

/**
 * The plan on the 견적서: the same drawing the screens show (drawDocumentSvg), placed in the PDF
 * as vector paths and text, so it prints sharp at any size and its room names can be searched.
 * Its text is set in the 견적서's own font.
 */
export function drawPlan(
  doc: Doc,
  plan: DesignDocument,
  box: { x: number; y: number; width: number; height: number },
  options: Pick<DrawingOptions, 'products' | 'wallDrawingWidths'> = {},
): void {
  // A PDF embeds only PNG and JPEG images: a product with another kind of top view shows its name.
  const products =
    options.products &&
    Object.fromEntries(
      Object.entries(options.products).map(([id, look]) => [
        id,
        /^data:image\/(png|jpeg);/.test(look.image ?? '') ? look : { ...look, image: null },
      ]),
    );
  // A label's white halo is painted under its letters on screen (paint-order); PDF text draws its
  // outline over the letters, which would hide them, so the plan's labels go without it.
  const svg = drawDocumentSvg(plan, { ...options, ...(products ? { products } : {}) }).replace(
    / stroke="#ffffff" stroke-width="[^"]*" paint-order="stroke"/g,
    '',
  );
  doc.save();
  SVGtoPDF(doc, svg, box.x, box.y, {
    width: box.width,
    height: box.height,
    preserveAspectRatio: 'xMidYMid meet',
    fontCallback: () => 'regular',
    warningCallback: () => {},
  });
  doc.restore();
}
