import type { ProductMount, StoredFile } from '@interior/contracts';
import { apiJson } from '../session';

export interface Named {
  id: number;
  name: string;
  code?: string;
}
export interface ProductRow extends Named {
  images: StoredFile[] | null;
  modelId: number | null;
  categoryId?: number | null;
  mount?: ProductMount | null;
  elevation?: number | null;
  width: number | null;
  depth: number | null;
  height: number | null;
  price: number;
  status?: string;
}
export interface WallDrawingRow extends Named {
  width: number;
  height: number;
  elements: { materialId: number; x: number; y: number; width: number; height: number }[] | null;
}

/** A catalogue list as the editor reads it: the first 500 rows that pass `filter`. */
export const list = <T>(path: string, filter: Record<string, unknown> = {}) =>
  apiJson<T[]>(
    `/api/${path}?${new URLSearchParams({ range: JSON.stringify([0, 499]), filter: JSON.stringify(filter) })}`,
  );

/** What a product dragged from the list onto the plan carries: its id. */
export const PRODUCT_DRAG_TYPE = 'application/x-interior-product';
