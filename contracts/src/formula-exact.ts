import type jsep from 'jsep';
import { dec } from './decimal';
import {
  ceil,
  compare,
  decimalPlaces,
  div,
  Exact,
  floor,
  fromDecimal,
  isZero,
  minus,
  negated,
  plus,
  type Quantity,
  roundHalfUp,
  times,
} from './exact';
import { FormulaError, MAX_MAGNITUDE, parseFormula } from './formula';
import { messages } from './messages';

/**
 * `evaluateFormula` for the explosion, on `Quantity` values (exact.ts): the same tree, the same
 * order of evaluation and the same errors, so the same value to the digit, but without a
 * decimal.js object per operation where the operands fit in a safe integer.
 */

type Node = jsep.Expression;

/** Where a formula's names are read: the base's variables, or a constant. */
export type QuantityScope = (name: string) => Quantity | undefined;

/** Each literal's value, parsed once (as decimal.js reads its text, then kept exact when it fits). */
const literals = new WeakMap<jsep.Literal, Quantity>();
function literal(node: jsep.Literal): Quantity {
  let value = literals.get(node);
  if (value === undefined) {
    value = fromDecimal(dec(String(node.raw)));
    literals.set(node, value);
  }
  return value;
}

const TEN = Exact.of(10, 0)!;

function evaluate(node: Node, scope: QuantityScope): Quantity {
  switch (node.type) {
    case 'Literal':
      return literal(node as jsep.Literal);
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      const value = scope(name);
      if (value === undefined) throw new FormulaError(messages.formulaUnknownName(name));
      return value;
    }
    case 'UnaryExpression': {
      const n = node as jsep.UnaryExpression;
      const value = evaluate(n.argument, scope);
      return n.operator === '-' ? negated(value) : value;
    }
    case 'BinaryExpression': {
      const n = node as jsep.BinaryExpression;
      const left = evaluate(n.left, scope);
      const right = evaluate(n.right, scope);
      switch (n.operator) {
        case '+':
          return plus(left, right);
        case '-':
          return minus(left, right);
        case '*':
          return times(left, right);
        default:
          if (isZero(right)) throw new FormulaError(messages.formulaDivisionByZero);
          return div(left, right);
      }
    }
    case 'CallExpression': {
      const n = node as jsep.CallExpression;
      const name = (n.callee as jsep.Identifier).name;
      const whole = wholeQuotient(name, n.arguments, scope);
      if (whole) return whole;
      const args = n.arguments.map((a) => evaluate(a, scope));
      switch (name) {
        case 'ceil':
          return ceil(args[0]!);
        case 'floor':
          return floor(args[0]!);
        case 'round': {
          const places = args[1] ?? Exact.ZERO;
          if (decimalPlaces(places) !== 0 || compare(places, Exact.ZERO) < 0 || compare(places, TEN) > 0) {
            throw new FormulaError(messages.formulaArguments('round'));
          }
          return roundHalfUp(args[0]!, Number(places instanceof Exact ? places.m : places.toNumber()));
        }
        case 'min':
          return args.reduce((a, b) => (compare(b, a) < 0 ? b : a));
        default:
          return args.reduce((a, b) => (compare(b, a) > 0 ? b : a));
      }
    }
    default:
      throw new FormulaError(messages.formulaSyntax);
  }
}

/**
 * `ceil(a / b)`, `floor(a / b)` or `round(a / b)` straight from the exact operands, when they are
 * exact: the quotient (`ceil(perimeter / 2.4)`) seldom terminates, and decimal.js would divide to
 * 40 digits only to drop them. The same integer: a / b = A / B with |A|, |B| < 2^53 × 10^15, so
 * it lies at least 1/B from any integer or half it is not equal to, far more than the 40 digits'
 * rounding moves it (q × 10^−40 < 1/(2B) as 2A < 10^40).
 */
function wholeQuotient(name: string, args: Node[], scope: QuantityScope): Quantity | null {
  if (args.length !== 1 || (name !== 'ceil' && name !== 'floor' && name !== 'round')) return null;
  const arg = args[0]!;
  if (arg.type !== 'BinaryExpression' || (arg as jsep.BinaryExpression).operator !== '/') return null;
  const left = evaluate((arg as jsep.BinaryExpression).left, scope);
  const right = evaluate((arg as jsep.BinaryExpression).right, scope);
  if (isZero(right)) throw new FormulaError(messages.formulaDivisionByZero);
  if (!(left instanceof Exact && right instanceof Exact)) {
    const q = div(left, right);
    return name === 'ceil' ? ceil(q) : name === 'floor' ? floor(q) : roundHalfUp(q, 0);
  }
  // A / B on one scale, in BigInt: A and B may pass 2^53 once aligned
  const s = Math.max(left.s, right.s);
  let a = BigInt(left.m) * 10n ** BigInt(s - left.s);
  let b = BigInt(right.m) * 10n ** BigInt(s - right.s);
  if (b < 0n) {
    a = -a;
    b = -b;
  }
  let q: bigint;
  if (name === 'round') {
    // half-up, away from zero: ⌊(2|A| + B) / 2B⌋ with A's sign
    const r = (2n * (a < 0n ? -a : a) + b) / (2n * b);
    q = a < 0n ? -r : r;
  } else {
    const f = a / b - (a % b !== 0n && a < 0n ? 1n : 0n);
    q = name === 'floor' || a % b === 0n ? f : f + 1n;
  }
  return Exact.of(Number(q), 0) ?? fromDecimal(dec(q.toString()));
}

/** The exact value of a formula, as `evaluateFormula` gives it; the same errors. */
export function evaluateQuantity(text: string, scope: QuantityScope): Quantity {
  const value = evaluate(parseFormula(text), scope);
  if (value instanceof Exact) {
    // |m| < 2^53 < 10^16: beyond 10^15 only when it is an integer
    if (value.s === 0 && Math.abs(value.m) > 1e15) throw new FormulaError(messages.formulaNotFinite);
    return value;
  }
  if (!value.isFinite() || value.abs().gt(MAX_MAGNITUDE)) throw new FormulaError(messages.formulaNotFinite);
  return value;
}
