import { type Decimal, dec } from './decimal';
import { type EstimateCatalogue, lookup, type MaterialInfo, type ProductInfo } from './estimate-catalogue';
import {
  type Line,
  type LineKind,
  type LineSource,
  OWN_TRADES,
  type RefType,
  sortLines,
} from './estimate-lines';
import {
  Exact,
  fixedText,
  floorToInteger,
  fromDecimal,
  plus,
  type Quantity,
  roundHalfUp,
  times,
  toNumber,
} from './exact';
import { FormulaError } from './formula';
import { evaluateQuantity, type QuantityScope } from './formula-exact';
import { ORIGINS, type PackedSource, shownDecimal } from './packed-sources';

/**
 * What the explosion (estimate-explosion.ts) collects as it walks a document: each contribution to
 * a line with its source, written as it goes in the compact shape of a draft's event (every
 * string once in a table, each source a tuple of indexes), then the contributions merged into
 * lines.
 */

/** A line of the explosion; its sources are apart, in the compact shape. */
export type ExplodedLine = Omit<Line, 'sources'>;

export const text = (d: Decimal) => d.toFixed();
export const shown = shownDecimal;

interface Contribution {
  trade: string;
  kind: LineKind;
  refType: RefType | null;
  refId: number | null;
  name: string;
  spec: string;
  unit: string;
  unitPrice: number;
  quantity: Quantity;
  /** in the explosion's own table of strings */
  source: PackedSource;
  /** the line it merges into (`mergeKey`) */
  key: string;
}

export interface Base {
  area: Decimal;
  perimeter: Decimal;
  height: Decimal;
  count: Decimal;
}

/** A placement of a material (a room surface or a wall-drawing element) or of a product. */
export interface Use {
  origin: LineSource['origin'];
  elementIds: string[];
  label: string;
  base: Base;
  /** what the base is, for the explanation ("12 ㎡", "31.71 ㎡ (둘레 …)") */
  baseExplanation: string;
  /** origin, element ids, label and base as the table holds them: the same for every source of the use */
  packed?: UseFields;
  /** the base and the constants as formulas read them, once for every recipe line of the use */
  scope?: QuantityScope;
}

/** A material's loss as the sources show it, once per material rather than once per use. */
interface Loss {
  /** 1 + lossRate */
  factor: Quantity;
  text: string;
  explanation: string;
}

const ONE = Exact.of(1, 0)!;

type UseFields = [origin: number, elementIds: number[], label: number, ...base: number[]];

/** A source of a use: its fields, then quantity, explanation (-1: composed), loss rate (-1: none), recipe. */
const sourceOf = (use: UseFields, rest: (number | PackedSource[10])[]): PackedSource =>
  [...use, ...rest] as PackedSource;

export class Explosion {
  readonly contributions: Contribution[] = [];
  readonly problems: string[] = [];
  /** every distinct string of the sources, once, in order of first use */
  readonly strings: string[] = [];
  private readonly index = new Map<string, number>();
  private readonly keys = new Map<object, Map<string, string>>();
  private readonly scopeConstants = new Map<string, Quantity>();
  private readonly losses = new WeakMap<MaterialInfo, Loss>();
  /** a base's decimals as quantities: a room's floor base feeds its floor, ceiling and space type */
  private readonly quantities = new WeakMap<Decimal, Quantity>();

  constructor(private readonly catalogue: EstimateCatalogue) {
    for (const [key, value] of Object.entries(catalogue.constants)) {
      try {
        this.scopeConstants.set(key, fromDecimal(dec(value)));
      } catch {
        this.problems.push(`상수 ${key}의 값이 숫자가 아닙니다.`);
      }
    }
  }

  /**
   * A contribution with the line it merges into. Its key is the same for every contribution of
   * one catalogue record (a material in one trade, a product, a recipe line), so it is worked out
   * once per record and trade, not once per room or item.
   */
  private add(record: object, contribution: Omit<Contribution, 'key'>): void {
    let byTrade = this.keys.get(record);
    if (!byTrade) {
      byTrade = new Map();
      this.keys.set(record, byTrade);
    }
    let key = byTrade.get(contribution.trade);
    if (key === undefined) {
      key = mergeKey(contribution);
      byTrade.set(contribution.trade, key);
    }
    this.contributions.push(Object.assign(contribution, { key }));
  }

  private at(value: string): number {
    let i = this.index.get(value);
    if (i === undefined) {
      i = this.strings.push(value) - 1;
      this.index.set(value, i);
    }
    return i;
  }

  private fields(use: Use): UseFields {
    if (!use.packed) {
      const { base } = use;
      use.packed = [
        ORIGINS.indexOf(use.origin),
        use.elementIds.map((id) => this.at(id)),
        this.at(use.label),
        this.at(text(base.area)),
        this.at(text(base.perimeter)),
        this.at(text(base.height)),
        this.at(text(base.count)),
      ];
    }
    return use.packed;
  }

  private quantity(d: Decimal): Quantity {
    let q = this.quantities.get(d);
    if (q === undefined) {
      q = fromDecimal(d);
      this.quantities.set(d, q);
    }
    return q;
  }

  private scope(use: Use): QuantityScope {
    if (!use.scope) {
      const { base } = use;
      const variables: Record<string, Quantity> = {
        area: this.quantity(base.area),
        perimeter: this.quantity(base.perimeter),
        height: this.quantity(base.height),
        count: this.quantity(base.count),
      };
      use.scope = (name) =>
        Object.hasOwn(variables, name) ? variables[name] : this.scopeConstants.get(name);
    }
    return use.scope;
  }

  private loss(material: MaterialInfo): Loss {
    let loss = this.losses.get(material);
    if (!loss) {
      const rate = dec(material.lossRate ?? 0);
      loss = {
        factor: plus(fromDecimal(rate), ONE),
        text: text(rate),
        explanation: rate.isZero() ? '' : ` × (1 + ${shown(rate)})`,
      };
      this.losses.set(material, loss);
    }
    return loss;
  }

  material(trade: string, materialId: number, use: Use): void {
    const material = lookup(this.catalogue.materials, materialId);
    if (!material) {
      this.problems.push(`${use.label}: 자재 #${materialId}을(를) 찾을 수 없습니다.`);
      return;
    }
    const loss = this.loss(material);
    const quantity = times(this.quantity(use.base.area), loss.factor);
    this.add(material, {
      trade,
      kind: 'Material',
      refType: 'Material',
      refId: material.id,
      name: material.name,
      spec: material.spec ?? '',
      unit: material.unit,
      unitPrice: material.price,
      quantity,
      source: sourceOf(this.fields(use), [
        this.at(fixedText(quantity)),
        this.at(`${use.label} ${use.baseExplanation}${loss.explanation}`),
        this.at(loss.text),
      ]),
    });
    this.bom(material.bomId, use, `자재 ${material.name}`);
  }

  product(product: ProductInfo, use: Use): void {
    this.add(product, {
      trade: OWN_TRADES.product,
      kind: 'Material',
      refType: 'Product',
      refId: product.id,
      name: product.name,
      spec: product.spec ?? '',
      unit: product.unit,
      unitPrice: product.price,
      quantity: this.quantity(use.base.count),
      source: sourceOf(this.fields(use), [
        this.at(text(use.base.count)),
        this.at(`${use.label} ${use.baseExplanation}`),
        -1,
      ]),
    });
    this.bom(product.bomId, use, `제품 ${product.name}`);
  }

  /** The lines of a BOM recipe, each formula evaluated on the use's base and the constants. */
  bom(bomId: number | null | undefined, use: Use, owner: string): void {
    if (bomId == null) return;
    const bom = lookup(this.catalogue.boms, bomId);
    if (!bom) {
      this.problems.push(`${use.label}: ${owner}의 BOM #${bomId}을(를) 찾을 수 없습니다.`);
      return;
    }
    const scope = this.scope(use);
    bom.lines.forEach((line, index) => {
      const where = `${use.label}: BOM '${bom.name}' ${index + 1}행`;
      let quantity: Quantity;
      try {
        quantity = evaluateQuantity(line.quantity, scope);
      } catch (error) {
        if (!(error instanceof FormulaError)) throw error;
        this.problems.push(`${where}: ${error.message}`);
        return;
      }
      const refType = line.refType ?? null;
      const refId = refType ? (line.refId ?? null) : null;
      const ref =
        refType === 'Material'
          ? lookup(this.catalogue.materials, refId)
          : refType === 'Product'
            ? lookup(this.catalogue.products, refId)
            : undefined;
      if (refType && !ref) {
        this.problems.push(
          `${where}: 참조한 ${refType === 'Material' ? '자재' : '제품'} #${refId}을(를) 찾을 수 없습니다.`,
        );
      }
      const unitPrice = line.unitPrice ?? ref?.price;
      if (unitPrice == null) {
        this.problems.push(`${where}: 단가가 없어 0원으로 계산했습니다.`);
      }
      this.add(line, {
        trade: line.trade,
        kind: line.kind,
        refType: ref ? refType : null,
        refId: ref ? refId : null,
        name: line.name || ref?.name || line.trade,
        spec: line.spec ?? ref?.spec ?? '',
        unit: line.unit || ref?.unit || '',
        unitPrice: unitPrice ?? 0,
        quantity,
        // The explanation is left to be composed from these fields (`recipeExplanation`), as it
        // would read the same.
        source: sourceOf(this.fields(use), [
          this.at(fixedText(quantity)),
          -1,
          -1,
          [bom.id, this.at(bom.name), index + 1, this.at(line.quantity)],
        ]),
      });
    });
  }
}

/** The line key of merging: trade, kind, reference, unit and unit price (and the name of a free line). */
const mergeKey = (c: Omit<Contribution, 'key'>) =>
  JSON.stringify([c.trade, c.kind, c.refType, c.refId, c.unit, c.unitPrice, c.refType ? '' : c.name]);

export function mergeContributions(
  contributions: readonly Contribution[],
): { line: ExplodedLine; sources: PackedSource[] }[] {
  const merged = new Map<string, { first: Contribution; quantity: Quantity; sources: PackedSource[] }>();
  for (const c of contributions) {
    const m = merged.get(c.key);
    if (m) {
      m.quantity = plus(m.quantity, c.quantity);
      m.sources.push(c.source);
    } else merged.set(c.key, { first: c, quantity: c.quantity, sources: [c.source] });
  }
  const lines = [...merged.values()].map(({ first, quantity, sources }) => {
    const rounded = roundHalfUp(quantity, 2);
    const line: ExplodedLine = {
      trade: first.trade,
      kind: first.kind,
      refType: first.refType,
      refId: first.refId,
      name: first.name,
      spec: first.spec,
      unit: first.unit,
      quantity: toNumber(rounded),
      unitPrice: first.unitPrice,
      amount: floorToInteger(times(rounded, fromDecimal(dec(first.unitPrice)))),
    };
    return { line, sources, trade: line.trade, kind: line.kind };
  });
  return sortLines(lines);
}
