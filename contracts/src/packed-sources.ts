import { dec, roundHalfUp } from './decimal';
import type { LineBase, LineSource } from './estimate-lines';

/**
 * A computed draft's sources in a compact shape, as its event carries them. The sources are most
 * of a draft's bytes, and most of those bytes repeat: key names, the same room's ids, label and
 * base in every line the room feeds, the recipes' names and formulas. Here every distinct string
 * is kept once and each source is a short tuple of indexes into that table; a recipe line's
 * explanation, when it reads as the explosion writes it, is left out and composed again when read.
 * `unpackSources(packSources(x))` gives back `x` exactly, whatever the sources hold.
 */

export const ORIGINS: readonly LineSource['origin'][] = ['room', 'item', 'wallDrawing'];
const BASE_KEYS = ['area', 'perimeter', 'height', 'count'] as const;

/** A recipe line's reference: bom id, its name, the line's number, its formula (names as indexes). */
type PackedRecipe = [bomId: number, bomName: number, line: number, formula: number];

/**
 * One source: origin, element ids, label, base (area, perimeter, height, count), quantity,
 * explanation (-1: composed from the recipe), loss rate (-1: none), then the recipe when it has one.
 */
export type PackedSource =
  | [number, number[], number, number, number, number, number, number, number, number]
  | [number, number[], number, number, number, number, number, number, number, number, PackedRecipe];

export interface PackedSources {
  /** every distinct string of the sources, once */
  strings: string[];
  /** each computed line's sources, by the line's id */
  lines: Record<string, PackedSource[]>;
}

/** For explanations: exact when short, else ≈ to 4 decimals (a diagonal wall's length). */
export function shownDecimal(value: Parameters<typeof dec>[0]): string {
  const d = dec(value);
  return d.decimalPlaces() > 4 ? `≈${roundHalfUp(d, 4).toFixed()}` : d.toFixed();
}

/**
 * The explanation of a quantity computed by a recipe line, e.g. "거실 (면적 12 ㎡, 둘레 14 m, 높이
 * 2.4 m): BOM '욕실 방수' 1행 area * 1.1 = 13.2"; `shown` gives a base field or the quantity as shown.
 */
export function recipeExplanation(
  source: Pick<LineSource, 'origin' | 'label'> & { recipe: NonNullable<LineSource['recipe']> },
  shown: (field: keyof LineBase | 'quantity') => string,
): string {
  const { recipe } = source;
  const base =
    source.origin === 'item'
      ? `수량 ${shown('count')}`
      : `면적 ${shown('area')} ㎡, 둘레 ${shown('perimeter')} m, 높이 ${shown('height')} m`;
  return `${source.label} (${base}): BOM '${recipe.bomName}' ${recipe.line}행 ${recipe.formula} = ${shown('quantity')}`;
}

/**
 * Numbers as explanations show them, each worked out once: a room's base recurs in every source
 * the room feeds, and exact decimals are slow to parse and round.
 */
type Shown = Map<string, string | null>;
function shownIn(cache: Shown, text: string): string {
  let shown = cache.get(text);
  if (shown === undefined) {
    try {
      shown = shownDecimal(text);
    } catch {
      shown = null;
    }
    cache.set(text, shown);
  }
  if (shown === null) throw new Error('not a number');
  return shown;
}

/** The explanation a recipe source's own fields compose, if they are numbers that can be shown. */
function composed(source: LineSource, cache: Shown): string | undefined {
  if (!source.recipe) return undefined;
  try {
    return recipeExplanation({ ...source, recipe: source.recipe }, (field) =>
      shownIn(cache, field === 'quantity' ? source.quantity : source.base[field]),
    );
  } catch {
    return undefined;
  }
}

/** The shown numbers of a packed table, kept while the table is (the quote reads every line). */
const shownByTable = new WeakMap<readonly string[], Shown>();
function shownOf(strings: readonly string[]): Shown {
  let cache = shownByTable.get(strings);
  if (!cache) {
    cache = new Map();
    shownByTable.set(strings, cache);
  }
  return cache;
}

/** The sources of each line (by the line's id) in the compact shape. */
export function packSources(
  lines: readonly { id: string; sources?: readonly LineSource[] }[],
): PackedSources {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const cache: Shown = new Map();
  const at = (text: string) => {
    let i = index.get(text);
    if (i === undefined) {
      i = strings.push(text) - 1;
      index.set(text, i);
    }
    return i;
  };
  const packOne = (source: LineSource): PackedSource => {
    const { base, recipe } = source;
    const head = [
      ORIGINS.indexOf(source.origin),
      source.elementIds.map(at),
      at(source.label),
      ...BASE_KEYS.map((key) => at(base[key])),
      at(source.quantity),
      composed(source, cache) === source.explanation ? -1 : at(source.explanation),
      source.lossRate === undefined ? -1 : at(source.lossRate),
    ] as PackedSource;
    if (recipe) head.push([recipe.bomId, at(recipe.bomName), recipe.line, at(recipe.formula)]);
    return head;
  };
  const packed: [string, PackedSource[]][] = [];
  for (const line of lines) if (line.sources?.length) packed.push([line.id, line.sources.map(packOne)]);
  return { strings, lines: Object.fromEntries(packed) };
}

function unpackOne(strings: readonly string[], packed: PackedSource): LineSource {
  const [origin, elementIds, label, area, perimeter, height, count, quantity, explanation, lossRate, recipe] =
    packed;
  // The keys in the order the explosion writes them, so the sources read as they were computed.
  const source: LineSource = {
    origin: ORIGINS[origin]!,
    elementIds: elementIds.map((i) => strings[i]!),
    label: strings[label]!,
  } as LineSource;
  if (recipe) {
    const [bomId, bomName, line, formula] = recipe;
    source.recipe = { bomId, bomName: strings[bomName]!, line, formula: strings[formula]! };
  }
  if (lossRate >= 0) source.lossRate = strings[lossRate]!;
  source.base = {
    area: strings[area]!,
    perimeter: strings[perimeter]!,
    height: strings[height]!,
    count: strings[count]!,
  };
  source.quantity = strings[quantity]!;
  source.explanation = explanation >= 0 ? strings[explanation]! : composed(source, shownOf(strings))!;
  return source;
}

/**
 * Packed sources renumbered into a table of their own, holding only the strings they use in the
 * order a reader meets them (line by line, field by field), as `packSources` writes it: one line's
 * sources alone, or the explosion's sources once its lines are merged and ordered.
 */
export function renumberPacked(
  strings: readonly string[],
  lines: readonly (readonly PackedSource[])[],
): { strings: string[]; lines: PackedSource[][] } {
  const table: string[] = [];
  const local = new Int32Array(strings.length).fill(-1);
  const at = (i: number) => {
    if (i < 0) return i;
    let j = local[i]!;
    if (j < 0) {
      j = table.push(strings[i]!) - 1;
      local[i] = j;
    }
    return j;
  };
  const renumbered = lines.map((sources) =>
    sources.map((source): PackedSource => {
      const head = [source[0], source[1].map(at)] as unknown as PackedSource;
      for (let f = 2; f < 10; f++) head.push(at(source[f] as number));
      const recipe = source[10];
      if (recipe) head.push([recipe[0], at(recipe[1]), recipe[2], at(recipe[3])]);
      return head;
    }),
  );
  return { strings: table, lines: renumbered };
}

/**
 * One line's sources alone in the compact shape, with a table of the strings they use: what the
 * read model keeps per line, taken without reading the sources out.
 */
export function packedLine(packed: PackedSources, lineId: string): PackedSources {
  const sources = Object.hasOwn(packed.lines, lineId) ? packed.lines[lineId]! : [];
  const { strings, lines } = renumberPacked(packed.strings, [sources]);
  return { strings, lines: Object.fromEntries([[lineId, lines[0]!]]) };
}

/** Sources in the compact shape read out, against their table of strings. */
export function unpackLine(strings: readonly string[], sources: readonly PackedSource[]): LineSource[] {
  return sources.map((source) => unpackOne(strings, source));
}

/** One line's sources from the compact shape: none for a line it does not name (added by hand). */
export function unpackSources(packed: PackedSources, lineId: string): LineSource[] {
  return unpackLine(packed.strings, Object.hasOwn(packed.lines, lineId) ? packed.lines[lineId]! : []);
}

/**
 * A draft line's sources, whichever shape its event had: its own (drafts computed before the
 * compact shape, and edits recorded with them), else those the draft's packed sources hold for
 * its id, else none (a line added by hand).
 */
export function lineSources(
  line: { id: string; sources?: readonly unknown[] },
  packed: PackedSources | null | undefined,
): LineSource[] {
  if (line.sources) return line.sources as LineSource[];
  return packed ? unpackSources(packed, line.id) : [];
}

/** How many sources a draft line has, whichever shape (without unpacking them). */
export function lineSourceCount(
  line: { id: string; sources?: readonly unknown[] },
  packed: PackedSources | null | undefined,
): number {
  if (line.sources) return line.sources.length;
  return packed && Object.hasOwn(packed.lines, line.id) ? packed.lines[line.id]!.length : 0;
}
