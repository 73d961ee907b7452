import DecimalJs from 'decimal.js';

/**
 * The decimal type of every quantity, area and money computation: binary floating point would
 * drift (0.1 + 0.2), and a 견적서 must be exact to the won. A private clone, so that nobody's
 * global `Decimal.set(...)` changes our precision or rounding. 40 significant digits cover any
 * area or amount the limits of a design allow with room to spare; the default rounding is
 * half-up, the rule of Korean estimates.
 */
export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP });
export type Decimal = DecimalJs;
export type DecimalValue = DecimalJs.Value;

/** Rounds half-up (away from zero on a tie) to `places` decimals. */
export const roundHalfUp = (value: DecimalValue, places: number): Decimal =>
  new Decimal(value).toDecimalPlaces(places, DecimalJs.ROUND_HALF_UP);

/** ⌊value⌋ as a JS integer; callers keep values within Number.MAX_SAFE_INTEGER. */
export const floorToInteger = (value: DecimalValue): number =>
  new Decimal(value).toDecimalPlaces(0, DecimalJs.ROUND_FLOOR).toNumber();

/** A number or decimal string as a Decimal, through its shortest decimal text (0.1 stays 0.1). */
export const dec = (value: DecimalValue): Decimal => new Decimal(value);
