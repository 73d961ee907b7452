import jsep from 'jsep';
import { Decimal, dec, roundHalfUp } from './decimal';
import { messages } from './messages';

/**
 * BOM quantity formulas: `area * 1.05`, `ceil(perimeter / 2.4)`, `max(1, count * WASTE_RATE)`.
 *
 * Parsing is jsep's (a small, maintained, browser-safe expression parser that only builds a
 * syntax tree); evaluation walks that tree over a whitelist of node types with exact decimals,
 * so nothing is ever `eval`ed, no property or prototype is reachable, and 0.1 + 0.2 is 0.3.
 * (The libraries that evaluate for themselves compute in binary floating point.)
 */

/** The base a BOM is applied to: ㎡, m, m, and a count of products. */
export const FORMULA_VARIABLES = ['area', 'perimeter', 'height', 'count'] as const;
export type FormulaVariable = (typeof FORMULA_VARIABLES)[number];

export const FORMULA_FUNCTIONS = ['ceil', 'floor', 'round', 'min', 'max'] as const;

/** Constants are named in UPPER_SNAKE (`OVERHEAD_RATE`). */
export const CONSTANT_KEY = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

export const MAX_FORMULA_LENGTH = 500;
/** Guards against a formula whose value grows without bound (`1e30000`). */
export const MAX_MAGNITUDE = new Decimal('1e15');

export class FormulaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormulaError';
  }
}

type Node = jsep.Expression;

const ARITY: Record<string, [number, number]> = {
  ceil: [1, 1],
  floor: [1, 1],
  round: [1, 2],
  min: [1, 20],
  max: [1, 20],
};

const parsed = new Map<string, Node>();
const MAX_CACHE = 5_000;

/** The syntax tree of a formula, checked against the whitelist (names are not checked here). */
export function parseFormula(text: string): Node {
  const cached = parsed.get(text);
  if (cached) return cached;
  if (text.trim() === '') throw new FormulaError(messages.formulaRequired);
  if (text.length > MAX_FORMULA_LENGTH) throw new FormulaError(messages.formulaTooLong(MAX_FORMULA_LENGTH));
  let tree: Node;
  try {
    tree = jsep(text);
  } catch {
    throw new FormulaError(messages.formulaSyntax);
  }
  checkShape(tree);
  if (parsed.size >= MAX_CACHE) parsed.clear();
  parsed.set(text, tree);
  return tree;
}

function checkShape(node: Node): void {
  switch (node.type) {
    case 'Literal':
      if (typeof node.value !== 'number' || !/^[0-9.]+(?:e[+-]?[0-9]+)?$/i.test(String(node.raw))) {
        throw new FormulaError(messages.formulaSyntax);
      }
      return;
    case 'Identifier':
      return;
    case 'UnaryExpression': {
      const n = node as jsep.UnaryExpression;
      if (n.operator !== '-' && n.operator !== '+') throw new FormulaError(messages.formulaSyntax);
      checkShape(n.argument);
      return;
    }
    case 'BinaryExpression': {
      const n = node as jsep.BinaryExpression;
      if (!['+', '-', '*', '/'].includes(n.operator)) throw new FormulaError(messages.formulaSyntax);
      checkShape(n.left);
      checkShape(n.right);
      return;
    }
    case 'CallExpression': {
      const n = node as jsep.CallExpression;
      if (n.callee.type !== 'Identifier') throw new FormulaError(messages.formulaSyntax);
      const name = (n.callee as jsep.Identifier).name;
      const arity = Object.hasOwn(ARITY, name) ? ARITY[name] : undefined;
      if (!arity) throw new FormulaError(messages.formulaUnknownFunction(name));
      if (n.arguments.length < arity[0] || n.arguments.length > arity[1]) {
        throw new FormulaError(messages.formulaArguments(name));
      }
      for (const arg of n.arguments) checkShape(arg);
      return;
    }
    default:
      throw new FormulaError(messages.formulaSyntax);
  }
}

/** Every variable or constant name the formula reads, in order of first use. */
export function formulaNames(text: string): string[] {
  const names: string[] = [];
  const walk = (node: Node) => {
    switch (node.type) {
      case 'Identifier': {
        const name = (node as jsep.Identifier).name;
        if (!names.includes(name)) names.push(name);
        return;
      }
      case 'UnaryExpression':
        return walk((node as jsep.UnaryExpression).argument);
      case 'BinaryExpression':
        walk((node as jsep.BinaryExpression).left);
        return walk((node as jsep.BinaryExpression).right);
      case 'CallExpression':
        for (const arg of (node as jsep.CallExpression).arguments) walk(arg);
        return;
      default:
        return;
    }
  };
  walk(parseFormula(text));
  return names;
}

/**
 * Save-time check: null when the formula is well-formed and reads only the base variables and
 * the given constant keys; otherwise the Korean message (syntax error, unknown name, unknown
 * function or wrong number of arguments).
 */
export function checkFormula(text: string, knownNames: Iterable<string>): string | null {
  try {
    const known = new Set<string>([...FORMULA_VARIABLES, ...knownNames]);
    for (const name of formulaNames(text)) {
      if (!known.has(name)) return messages.formulaUnknownName(name);
    }
    return null;
  } catch (error) {
    if (error instanceof FormulaError) return error.message;
    throw error;
  }
}

export type FormulaScope = Readonly<Record<string, Decimal | number | string>>;

/** Each literal's value, parsed once: a recipe's formula is evaluated for every room it applies to. */
const literals = new WeakMap<jsep.Literal, Decimal>();
function literal(node: jsep.Literal): Decimal {
  let value = literals.get(node);
  if (value === undefined) {
    value = dec(String(node.raw));
    literals.set(node, value);
  }
  return value;
}

function evaluate(node: Node, scope: FormulaScope): Decimal {
  switch (node.type) {
    case 'Literal':
      return literal(node as jsep.Literal);
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (!Object.hasOwn(scope, name)) throw new FormulaError(messages.formulaUnknownName(name));
      // Decimals never change: one given is used as it is, not copied at every use.
      const value = scope[name]!;
      return value instanceof Decimal ? value : dec(value);
    }
    case 'UnaryExpression': {
      const n = node as jsep.UnaryExpression;
      const value = evaluate(n.argument, scope);
      return n.operator === '-' ? value.negated() : value;
    }
    case 'BinaryExpression': {
      const n = node as jsep.BinaryExpression;
      const left = evaluate(n.left, scope);
      const right = evaluate(n.right, scope);
      switch (n.operator) {
        case '+':
          return left.plus(right);
        case '-':
          return left.minus(right);
        case '*':
          return left.times(right);
        default:
          if (right.isZero()) throw new FormulaError(messages.formulaDivisionByZero);
          return left.div(right);
      }
    }
    case 'CallExpression': {
      const n = node as jsep.CallExpression;
      const name = (n.callee as jsep.Identifier).name;
      const args = n.arguments.map((a) => evaluate(a, scope));
      switch (name) {
        case 'ceil':
          return args[0]!.ceil();
        case 'floor':
          return args[0]!.floor();
        case 'round': {
          const places = args[1] ?? dec(0);
          if (!places.isInteger() || places.lt(0) || places.gt(10)) {
            throw new FormulaError(messages.formulaArguments('round'));
          }
          return roundHalfUp(args[0]!, places.toNumber());
        }
        case 'min':
          return Decimal.min(...args);
        default:
          return Decimal.max(...args);
      }
    }
    default:
      throw new FormulaError(messages.formulaSyntax);
  }
}

/**
 * The exact value of a formula on a scope of variables and constants. Throws FormulaError (with
 * its Korean message) on a syntax error, an unknown name, a division by zero, or a value beyond
 * 10^15.
 */
export function evaluateFormula(text: string, scope: FormulaScope): Decimal {
  const value = evaluate(parseFormula(text), scope);
  if (!value.isFinite() || value.abs().gt(MAX_MAGNITUDE)) throw new FormulaError(messages.formulaNotFinite);
  return value;
}
