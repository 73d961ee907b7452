import fc from 'fast-check';
import { computeEstimate } from './estimate';
import { workedExampleCatalogue, workedExampleDocument } from './estimate-example';
import type { LineSource } from './estimate-lines';
import type { HistoryEntry } from './history';
import { describeChanges, foldFields } from './history-changes';
import {
  lineSourceCount,
  lineSources,
  packedLine,
  packSources,
  recipeExplanation,
  shownDecimal,
  unpackSources,
} from './packed-sources';

/**
 * The compact shape of a draft's sources loses nothing: whatever the sources hold (numbers or not,
 * explanations as the explosion writes them or not), each line reads back exactly as it was.
 */

const decimalText = fc.oneof(
  fc.integer({ min: 0, max: 10_000 }).map(String),
  fc.double({ min: 0, max: 1_000, noNaN: true }).map((x) => x.toString()),
  fc.string(),
);
const base = fc.record({
  area: decimalText,
  perimeter: decimalText,
  height: decimalText,
  count: decimalText,
});
const recipe = fc.record({
  bomId: fc.integer({ min: 1, max: 1_000_000 }),
  bomName: fc.string(),
  line: fc.integer({ min: 1, max: 200 }),
  formula: fc.string(),
});
const source: fc.Arbitrary<LineSource> = fc
  .record(
    {
      origin: fc.constantFrom('room', 'item', 'wallDrawing'),
      elementIds: fc.array(fc.oneof(fc.uuid(), fc.string()), { maxLength: 4 }),
      label: fc.oneof(fc.constantFrom('거실 바닥', '욕실1 (욕실)'), fc.string()),
      recipe,
      lossRate: decimalText,
      base,
      quantity: decimalText,
      explanation: fc.string(),
    },
    { requiredKeys: ['origin', 'elementIds', 'label', 'base', 'quantity', 'explanation'] },
  )
  .chain((s) =>
    // Half of the recipe sources say what the explosion would, the case the shape leaves out.
    fc.boolean().map((asComputed) => {
      if (!asComputed || !s.recipe) return s;
      try {
        const shown = (field: keyof LineSource['base'] | 'quantity') =>
          shownDecimal(field === 'quantity' ? s.quantity : s.base[field]);
        return { ...s, explanation: recipeExplanation({ ...s, recipe: s.recipe }, shown) };
      } catch {
        return s;
      }
    }),
  );
const lines = fc.uniqueArray(
  fc.record({
    id: fc.oneof(fc.string(), fc.constant('__proto__')),
    sources: fc.array(source, { maxLength: 5 }),
  }),
  { selector: (line) => line.id, maxLength: 8 },
);

const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe('the packed sources of a draft', () => {
  test('read back exactly as each line had them, through JSON', () => {
    fc.assert(
      fc.property(lines, (drafted) => {
        const packed = viaJson(packSources(drafted));
        for (const line of drafted) {
          expect(unpackSources(packed, line.id)).toEqual(line.sources);
          expect(lineSources({ id: line.id }, packed)).toEqual(line.sources);
          expect(lineSourceCount({ id: line.id }, packed)).toBe(line.sources.length);
          // A line taken alone keeps its sources with the strings they use, and only those.
          const alone = viaJson(packedLine(packed, line.id));
          expect(unpackSources(alone, line.id)).toEqual(line.sources);
          expect(alone.strings.length).toBe(new Set(alone.strings).size);
          expect(alone.strings.length).toBeLessThanOrEqual(packed.strings.length);
        }
      }),
    );
  });

  test("of the worked example leave the recipes' explanations out and read them back alike", () => {
    const computed = computeEstimate(workedExampleDocument(), workedExampleCatalogue()).lines.map(
      (line, i) => ({
        ...line,
        id: `L${i + 1}`,
      }),
    );
    const packed = viaJson(packSources(computed));
    const recipeSources = computed.flatMap((line) => line.sources ?? []).filter((s) => s.recipe);
    expect(recipeSources.length).toBeGreaterThan(0);
    for (const s of recipeSources) expect(packed.strings).not.toContain(s.explanation);
    for (const line of computed) expect(lineSources({ id: line.id }, packed)).toEqual(line.sources ?? []);
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(recipeSources).length);
  });

  test("a line's own sources win, and a line the packed sources do not name has none", () => {
    const packed = packSources([{ id: 'L1', sources: [] }]);
    const own = [{ label: '거실 바닥' }];
    expect(lineSources({ id: 'L1', sources: own }, packed)).toBe(own);
    expect(lineSources({ id: 'L9' }, packed)).toEqual([]);
    expect(lineSources({ id: 'L9' }, null)).toEqual([]);
    expect(lineSourceCount({ id: 'L1', sources: own }, null)).toBe(1);
    expect(lineSourceCount({ id: 'toString' }, packed)).toBe(0);
  });
});

describe('the history of a draft', () => {
  const entry = (revision: number, type: string, data: unknown): HistoryEntry => ({
    id: `e${revision}`,
    type,
    data,
    revision,
    position: String(revision),
    occurredAt: '2026-11-03T05:05:09.000Z',
    actor: { id: 1, name: '관리자' },
  });
  const computed = computeEstimate(workedExampleDocument(), workedExampleCatalogue()).lines.map(
    (line, i) => ({
      ...line,
      id: `L${i + 1}`,
    }),
  );
  const draft = { designRevision: 1, totals: {}, rates: {}, problems: [] };
  const own = entry(1, 'EstimationDraftComputed', { ...draft, lines: computed });
  const packed = entry(1, 'EstimationDraftComputed', {
    ...draft,
    lines: computed.map(({ sources: _sources, ...line }) => line),
    packedSources: packSources(computed),
  });
  const { sources: _sources, ...first } = computed[0]!;
  const edited = entry(2, 'EstimationDraftEdited', { lines: [{ ...first, unitPrice: 1 }], totals: {} });

  test('reads a draft with packed sources as one whose lines carry their own, as-of and line by line', () => {
    expect(foldFields([packed])).toEqual(foldFields([own]));
    expect(foldFields([packed])).not.toHaveProperty('packedSources');
    expect(foldFields([packed, edited])).toEqual(foldFields([own, edited]));
    expect((foldFields([packed, edited]).lines as { sources: unknown }[])[0]!.sources).toEqual(
      computed[0]!.sources,
    );
    expect(describeChanges([packed, edited])).toEqual(
      describeChanges([own, edited]).map((row, i) => ({ ...row, entry: [packed, edited][i] })),
    );
  });
});
