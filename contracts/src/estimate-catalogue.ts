import type { LineKind, RefType } from './estimate-lines';
import type { Constants } from './estimate-totals';

/** The catalogue records the BOM explosion prices a design document with (estimate-explosion.ts). */

export interface MaterialInfo {
  id: number;
  name: string;
  spec?: string | null;
  unit: string;
  /** 원 per unit */
  price: number;
  /** 0 to 0.5; a material saved without one has no loss */
  lossRate: number | string | null | undefined;
  bomId?: number | null;
}

export interface ProductInfo {
  id: number;
  name: string;
  spec?: string | null;
  unit: string;
  price: number;
  /** A Set counts as itself (its own price and BOM), never as its components. */
  kind: 'Single' | 'Set';
  bomId?: number | null;
}

export interface WorkspaceInfo {
  id: number;
  name: string;
  bomId?: number | null;
}

export interface BomLineInfo {
  trade: string;
  kind: LineKind;
  refType?: RefType | null;
  refId?: number | null;
  name?: string | null;
  spec?: string | null;
  unit?: string | null;
  /** the quantity formula */
  quantity: string;
  /** 원; when absent, the referenced material's or product's price */
  unitPrice?: number | null;
}

export interface BomInfo {
  id: number;
  name: string;
  lines: readonly BomLineInfo[];
}

export interface WallDrawingElementInfo {
  materialId: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WallDrawingInfo {
  id: number;
  name: string;
  width: number;
  height: number;
  elements: readonly WallDrawingElementInfo[];
}

/** A lookup by record id: a Map, or a plain object keyed by id (as JSON gives it). */
export type Lookup<T> = ReadonlyMap<number, T> | Readonly<Record<string, T>>;

export interface EstimateCatalogue {
  materials: Lookup<MaterialInfo>;
  products: Lookup<ProductInfo>;
  workspaces: Lookup<WorkspaceInfo>;
  boms: Lookup<BomInfo>;
  wallDrawings: Lookup<WallDrawingInfo>;
  /** effective BOM constants by key (OVERHEAD_RATE, PROFIT_RATE, …) */
  constants: Constants;
}

export function lookup<T>(map: Lookup<T>, id: number | null | undefined): T | undefined {
  if (id == null) return undefined;
  if (map instanceof Map) return map.get(id);
  const record = map as Readonly<Record<string, T>>;
  return Object.hasOwn(record, String(id)) ? record[String(id)] : undefined;
}
