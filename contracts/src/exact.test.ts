import fc from 'fast-check';
import { Decimal, dec, floorToInteger as decimalFloor, roundHalfUp as decimalRound } from './decimal';
import * as exact from './exact';
import { evaluateFormula, FormulaError } from './formula';
import { evaluateQuantity } from './formula-exact';

/**
 * Every operation on exact quantities gives what decimal.js gives, digit for digit, whether it is
 * done on safe integers or falls back to decimal.js.
 */

// Values as text: ties at 2 decimals (x.xx5), negatives, zero, mantissas near 2^53, long scales.
const decimalText = fc.oneof(
  fc
    .tuple(fc.bigInt({ min: -(2n ** 56n), max: 2n ** 56n }), fc.integer({ min: 0, max: 18 }))
    .map(([m, s]) => {
      const d = new Decimal(m.toString()).div(new Decimal(10).pow(s));
      return d.toFixed();
    }),
  fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => `${n}.${n % 2 ? '005' : '995'}`),
  fc.constantFrom(
    '0',
    '-0',
    '0.005',
    '-0.005',
    '1.125',
    '-2.5',
    '9007199254740991',
    '9007199254740993',
    '0.1',
    '1e-20',
  ),
);

const same = (q: exact.Quantity, d: Decimal) => {
  expect(exact.fixedText(q)).toBe(d.toFixed());
  // +0: the sign of a zero is not kept (JSON writes both as 0)
  expect(exact.toNumber(q) + 0).toBe(d.toNumber() + 0);
};

test('sums, differences, products, quotients and comparisons are decimal.js’s', () => {
  fc.assert(
    fc.property(decimalText, decimalText, (a, b) => {
      const [qa, qb, da, db] = [exact.fromDecimal(dec(a)), exact.fromDecimal(dec(b)), dec(a), dec(b)];
      same(exact.plus(qa, qb), da.plus(db));
      same(exact.minus(qa, qb), da.minus(db));
      same(exact.times(qa, qb), da.times(db));
      if (!db.isZero()) same(exact.div(qa, qb), da.div(db));
      expect(exact.compare(qa, qb)).toBe(da.cmp(db));
    }),
    { numRuns: 2_000 },
  );
});

test('rounding half-up, floor, ceil and flooring to the won are decimal.js’s', () => {
  fc.assert(
    fc.property(decimalText, fc.integer({ min: 0, max: 10 }), (a, places) => {
      const [q, d] = [exact.fromDecimal(dec(a)), dec(a)];
      same(exact.roundHalfUp(q, places), decimalRound(d, places));
      same(exact.floor(q), d.floor());
      same(exact.ceil(q), d.ceil());
      if (d.abs().lt(1e15)) expect(exact.floorToInteger(q) + 0).toBe(decimalFloor(d) + 0);
    }),
    { numRuns: 2_000 },
  );
});

test('ties round away from zero at the line’s 2 decimals', () => {
  // done on safe integers, not in the fallback
  expect(exact.fromDecimal(dec('34.885'))).toBeInstanceOf(exact.Exact);
  expect(exact.fromDecimal(dec('1e-20'))).toBeInstanceOf(Decimal);
  const round2 = (text: string) => exact.fixedText(exact.roundHalfUp(exact.fromDecimal(dec(text)), 2));
  expect(round2('34.885')).toBe('34.89');
  expect(round2('-34.885')).toBe('-34.89');
  expect(round2('0.004999')).toBe('0');
  expect(round2('90071992547409.915')).toBe('90071992547409.92');
});

const formulas = [
  'area * 1.005',
  '-perimeter + 1',
  'round(area * 0.125, 2) - 0.005',
  'ceil(perimeter / MOULDING) * MOULDING',
  'max(1, round(area / 10))',
  'min(area, -count, 3.5)',
  'area / 3 * 3',
  '1e20 * area',
  '1e15 + 1',
  'round(area, 2.5)',
  'round(area, 11)',
  'count / (area - area)',
  'floor(-area / 4) + ceil(height * -1.5)',
  'round(-area / 0.7)',
  'round(area / 0.2)',
  'floor(count / -3)',
  'ceil(count / perimeter)',
  'ceil(1e20 / 3)',
  'ceil(area / 0)',
];

test('formulas evaluate as `evaluateFormula` does: the same value or the same error', () => {
  const result = (f: () => { toString(): string } | exact.Quantity) => {
    try {
      const v = f();
      return v instanceof Decimal || v instanceof exact.Exact ? exact.fixedText(v) : String(v);
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
      return `error: ${error.message}`;
    }
  };
  fc.assert(
    fc.property(
      fc.constantFrom(...formulas),
      decimalText,
      decimalText,
      decimalText,
      (text, area, perimeter, count) => {
        const scope = {
          area: dec(area),
          perimeter: dec(perimeter),
          height: dec('2.4'),
          count: dec(count),
          MOULDING: dec('2.4'),
        };
        const quantities = new Map(Object.entries(scope).map(([k, v]) => [k, exact.fromDecimal(v)]));
        expect(result(() => evaluateQuantity(text, (name) => quantities.get(name)))).toBe(
          result(() => evaluateFormula(text, scope)),
        );
      },
    ),
    { numRuns: 1_000 },
  );
});
