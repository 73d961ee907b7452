import {
  type DesignDocument,
  type ProductTopLook,
  productResource,
  resourceTable,
  type StoredFile,
} from '@interior/contracts';
import type { Knex } from 'knex';

/**
 * A top view larger than this is left out of a drawing (the product's name shows instead): a
 * drawing carries its images inside it, and a thumbnail must stay small.
 */
export const MAX_TOP_VIEW_BYTES = 256 * 1024;

/**
 * The products a document places, as a drawing shows them from above: size, name, and the first
 * image as a data: URL (a drawing shown as an image loads nothing from elsewhere).
 */
export async function productLooksOf(
  knex: Knex,
  doc: Pick<DesignDocument, 'items'>,
): Promise<Record<string, ProductTopLook>> {
  const ids = [...new Set(doc.items.map((i) => i.productId))];
  if (ids.length === 0) return {};
  const rows = (await knex(resourceTable(productResource))
    .whereIn('id', ids)
    .select('id', 'name', 'width', 'depth', 'images')) as {
    id: number;
    name: string;
    width: number | null;
    depth: number | null;
    images: StoredFile[] | null;
  }[];
  const firstImages = rows.flatMap((r) => (r.images?.[0] ? [r.images[0].name] : []));
  const files = firstImages.length
    ? ((await knex('files')
        .whereIn('name', firstImages)
        .where({ purpose: 'record' })
        .where('size', '<=', MAX_TOP_VIEW_BYTES)
        .select('name', 'contentType', 'data')) as { name: string; contentType: string; data: Buffer }[])
    : [];
  const dataUrls = new Map(
    files.map((f) => [f.name, `data:${f.contentType};base64,${f.data.toString('base64')}`]),
  );
  return Object.fromEntries(
    rows.map((r) => [
      String(r.id),
      {
        width: r.width ?? 600,
        depth: r.depth ?? 600,
        name: r.name,
        image: r.images?.[0] ? (dataUrls.get(r.images[0].name) ?? null) : null,
      },
    ]),
  );
}
