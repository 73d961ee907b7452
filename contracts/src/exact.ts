import { Decimal } from './decimal';

/**
 * Exact decimals as a safe integer and a power of ten, for the explosion's hot loops: decimal.js
 * allocates a digit array per operation, and a draft of thousands of sources spent a third of its
 * time there and in collecting that garbage. No library does fixed point with a per-value scale
 * and a way out when a result does not fit, hence this small one.
 *
 * A value here always equals what decimal.js (40 significant digits, half-up) would have given:
 * a safe integer has at most 16 digits, so sums, products and exact quotients of such values are
 * never rounded there either. Whatever does not fit (a mantissa beyond 2^53, a quotient that does
 * not terminate, an exponent form) is done in decimal.js instead (`Quantity` is either).
 */
export class Exact {
  /** value = m × 10^−s; m is a safe integer, 0 ≤ s ≤ MAX_SCALE, no trailing zero when s > 0, never −0 */
  private constructor(
    readonly m: number,
    readonly s: number,
  ) {}

  static readonly ZERO = new Exact(0, 0);

  /** m × 10^−s normalised, or null when m is not a safe integer (then decimal.js is used). */
  static of(m: number, s: number): Exact | null {
    if (!Number.isSafeInteger(m)) return null;
    if (m === 0) return Exact.ZERO;
    while (s > 0 && m % 10 === 0) {
      m /= 10;
      s -= 1;
    }
    if (s > MAX_SCALE) return null;
    return s < 0 ? Exact.of(m * POW10[-s]!, 0) : new Exact(m, s);
  }
}

export type Quantity = Exact | Decimal;

/** Powers of ten that scales use: up to 10^15, so any m / 10^s is exact-in, correctly-rounded-out. */
const MAX_SCALE = 15;
const POW10 = Array.from({ length: 2 * MAX_SCALE + 1 }, (_, k) => 10 ** k);

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A decimal.js value as an Exact when it fits (its plain text parsed), else itself. */
export function fromDecimal(d: Decimal): Quantity {
  if (!d.isFinite() || d.sd() > 15 || d.decimalPlaces() > MAX_SCALE) return d;
  const match = PLAIN.exec(d.toFixed());
  if (!match) return d;
  const frac = match[3] ?? '';
  const m = Number(match[2]! + frac);
  return Exact.of(match[1] ? -m : m, frac.length) ?? d;
}

/** The exact value as decimal.js holds it (for the operations done there). */
export const toDecimal = (q: Quantity): Decimal =>
  q instanceof Exact ? new Decimal(q.s === 0 ? q.m : `${q.m}e-${q.s}`) : q;

/** As `Decimal#toFixed()`: plain digits, no exponent, no trailing zeros. */
export function fixedText(q: Quantity): string {
  if (!(q instanceof Exact)) return q.toFixed();
  if (q.s === 0) return String(q.m);
  const digits = String(Math.abs(q.m)).padStart(q.s + 1, '0');
  const cut = digits.length - q.s;
  return `${q.m < 0 ? '-' : ''}${digits.slice(0, cut)}.${digits.slice(cut)}`;
}

export const toNumber = (q: Quantity): number => (q instanceof Exact ? q.m / POW10[q.s]! : q.toNumber());

export const isZero = (q: Quantity): boolean => (q instanceof Exact ? q.m === 0 : q.isZero());

/** Both mantissas on the larger scale, or null when one no longer fits. */
function aligned(a: Exact, b: Exact): [number, number, number] | null {
  const s = Math.max(a.s, b.s);
  const ma = a.m * POW10[s - a.s]!;
  const mb = b.m * POW10[s - b.s]!;
  return Number.isSafeInteger(ma) && Number.isSafeInteger(mb) ? [ma, mb, s] : null;
}

export function plus(a: Quantity, b: Quantity): Quantity {
  if (a instanceof Exact && b instanceof Exact) {
    const al = aligned(a, b);
    const r = al && Exact.of(al[0] + al[1], al[2]);
    if (r) return r;
  }
  return toDecimal(a).plus(toDecimal(b));
}

export const negated = (a: Quantity): Quantity => (a instanceof Exact ? Exact.of(-a.m, a.s)! : a.negated());

export const minus = (a: Quantity, b: Quantity): Quantity => plus(a, negated(b));

export function times(a: Quantity, b: Quantity): Quantity {
  if (a instanceof Exact && b instanceof Exact) {
    const r = Exact.of(a.m * b.m, a.s + b.s);
    if (r) return r;
  }
  return toDecimal(a).times(toDecimal(b));
}

/** a / b for b ≠ 0: exact when b's mantissa has no prime factor but 2 and 5, else in decimal.js. */
export function div(a: Quantity, b: Quantity): Quantity {
  if (a instanceof Exact && b instanceof Exact) {
    let r = Math.abs(b.m);
    let twos = 0;
    let fives = 0;
    while (r % 2 === 0) {
      r /= 2;
      twos += 1;
    }
    while (r % 5 === 0) {
      r /= 5;
      fives += 1;
    }
    if (r === 1) {
      const k = Math.max(twos, fives);
      // 10^k / |b.m| is an integer; a / b = a.m × (10^k / b.m) × 10^−(a.s − b.s + k)
      const factor = POW10[k]! / b.m;
      const q = Exact.of(a.m * factor, a.s - b.s + k);
      if (q && k <= MAX_SCALE) return q;
    }
  }
  return toDecimal(a).div(toDecimal(b));
}

export function compare(a: Quantity, b: Quantity): number {
  if (a instanceof Exact && b instanceof Exact) {
    const al = aligned(a, b);
    if (al) return Math.sign(al[0] - al[1]);
  }
  return toDecimal(a).cmp(toDecimal(b));
}

/** ⌊n / d⌋ for a safe integer n and a power of ten d ≤ 10^15 (the double quotient is off by one at most). */
function floorDiv(n: number, d: number): number {
  let q = Math.floor(n / d);
  const r = n - q * d;
  if (r < 0) q -= 1;
  else if (r >= d) q += 1;
  return q;
}

export const floor = (a: Quantity): Quantity =>
  a instanceof Exact ? (a.s === 0 ? a : Exact.of(floorDiv(a.m, POW10[a.s]!), 0)!) : fromDecimal(a.floor());

export const ceil = (a: Quantity): Quantity =>
  a instanceof Exact ? (a.s === 0 ? a : Exact.of(-floorDiv(-a.m, POW10[a.s]!), 0)!) : fromDecimal(a.ceil());

/** Rounded half-up (away from zero on a tie) to `places` decimals, as `roundHalfUp` does. */
export function roundHalfUp(a: Quantity, places: number): Quantity {
  if (!(a instanceof Exact)) return fromDecimal(a.toDecimalPlaces(places, Decimal.ROUND_HALF_UP));
  if (a.s <= places) return a;
  const d = POW10[a.s - places]!;
  const n = Math.abs(a.m);
  let q = floorDiv(n, d);
  if (2 * (n - q * d) >= d) q += 1;
  return Exact.of(a.m < 0 ? -q : q, places)!;
}

/** ⌊a⌋ as a JS integer (amounts: callers keep them within Number.MAX_SAFE_INTEGER). */
export const floorToInteger = (a: Quantity): number =>
  a instanceof Exact ? toNumber(floor(a)) : a.toDecimalPlaces(0, Decimal.ROUND_FLOOR).toNumber();

/** Decimal places of the value as written without trailing zeros. */
export const decimalPlaces = (a: Quantity): number => (a instanceof Exact ? a.s : a.decimalPlaces());
