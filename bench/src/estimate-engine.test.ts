import { computeEstimate, computePackedEstimate, packSources, totalsOf } from '@interior/contracts';
import { explodeDesignBefore } from '@interior/contracts/testing/explosion-before';
import { benchCatalogue, benchDesign } from './estimate-engine';

/**
 * The bench's design (200 rooms, 2,000 items) explodes, to the byte, as it did when every source
 * was built as an object and then packed: the lines, totals and problems, the sources read out,
 * and the draft event's packed table.
 */
test("the bench's design explodes as before, to the byte", () => {
  const doc = benchDesign();
  const catalogue = benchCatalogue();
  const { lines, problems } = explodeDesignBefore(doc, catalogue);
  const old = { lines, totals: totalsOf(lines, catalogue.constants), problems };
  expect(JSON.stringify(computeEstimate(doc, catalogue))).toBe(JSON.stringify(old));

  const packed = computePackedEstimate(doc, catalogue);
  expect(JSON.stringify(packed.lines)).toBe(JSON.stringify(lines.map(({ sources: _s, ...line }) => line)));
  expect(packed.totals).toEqual(old.totals);
  const byId = Object.fromEntries(packed.sources.lines.map((sources, i) => [`L${i + 1}`, sources]));
  const before = packSources(lines.map((line, i) => ({ ...line, id: `L${i + 1}` })));
  expect(packed.sources.strings.length).toBeGreaterThan(100);
  expect(JSON.stringify({ strings: packed.sources.strings, lines: byId })).toBe(JSON.stringify(before));
});
