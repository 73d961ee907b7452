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
