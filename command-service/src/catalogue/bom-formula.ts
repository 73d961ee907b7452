import { checkFormula, FORMULA_VARIABLES } from '@interior/contracts';

/**
 * Checks a BOM line's quantity formula when a recipe is saved: given the formula and the names it
 * may use (`area`, `perimeter`, `height`, `count` and every BOM constant's key), a Korean reason
 * when it is not valid (unknown name, syntax), or null. The engine's own parser (contracts'
 * formula.ts), so a formula saved here is one the estimate can evaluate.
 */
export type BomFormulaCheck = (formula: string, names: readonly string[]) => string | null;

export const bomFormulaCheck: BomFormulaCheck | null = (formula, names) => checkFormula(formula, names);

/** Variables every formula may use besides the BOM constants. */
export const bomBaseVariables = FORMULA_VARIABLES;
