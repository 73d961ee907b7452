import type { DesignDocument } from './design-document';
import {
  type EstimateCatalogue,
  type ExplodedLine,
  explodeDesign,
  explodeDesignPacked,
  type PackedExplosion,
} from './estimate-explosion';
import type { Line } from './estimate-lines';
import { type Totals, totalsOf } from './estimate-totals';

/**
 * The BOM explosion and the totals of a Korean 견적서 (공사원가 rule), as pure functions shared by
 * the estimate draft, the editor's live panel and the PDF. Quantities and money go through exact
 * decimals; amounts are integer won. docs/estimates.md explains the rules with a worked example.
 */

export interface Estimate {
  lines: Line[];
  totals: Totals;
  /** Korean notes on what could not be priced (a missing record, a formula that failed) */
  problems: string[];
}

/** The explosion and its totals: the draft of an estimate. */
export function computeEstimate(doc: DesignDocument, catalogue: EstimateCatalogue): Estimate {
  const { lines, problems } = explodeDesign(doc, catalogue);
  return { lines, totals: totalsOf(lines, catalogue.constants), problems };
}

/** The same estimate with the lines' sources in the compact shape a draft's event carries. */
export interface PackedEstimate {
  lines: ExplodedLine[];
  sources: PackedExplosion['sources'];
  totals: Totals;
  problems: string[];
}

export function computePackedEstimate(doc: DesignDocument, catalogue: EstimateCatalogue): PackedEstimate {
  const { lines, sources, problems } = explodeDesignPacked(doc, catalogue);
  return { lines, sources, totals: totalsOf(lines, catalogue.constants), problems };
}
