import { lineAmount } from './estimate-lines';
import type { Totals } from './estimate-totals';
import { messages } from './messages';

/**
 * Bounds on an estimate's numbers. Amounts are integer won computed exactly and then handed on as
 * JS numbers (events, read models, the PDF), which are exact only up to Number.MAX_SAFE_INTEGER
 * (about 9×10¹⁵). With at most 5,000 lines of at most 100억 won each, the direct cost stays within
 * 5×10¹³ and every step of the totals (rates up to 100%) within 2.2×10¹⁴; the total itself is
 * bounded at 10조 won, nearly a thousandfold inside.
 */
export const ESTIMATE_LIMITS = {
  /** the quantity of a line, in its unit */
  quantity: 1_000_000,
  /** 원 per unit */
  unitPrice: 1_000_000_000,
  /** 원, ⌊quantity × unitPrice⌋ of one line */
  lineAmount: 10_000_000_000,
  /** 원, 합계 T (the rates are constants any Admin may set) */
  total: 10_000_000_000_000,
} as const;

/**
 * What is out of bounds in priced lines and their totals, by field (`lines.3.quantity`, `total`),
 * each message naming the line by its number as the 견적서 shows it; empty when all is within.
 */
export function estimateBoundErrors(
  lines: readonly { name: string; quantity: number; unitPrice: number }[],
  totals: Pick<Totals, 'total'> | null,
): Record<string, string> {
  const errors: Record<string, string> = {};
  lines.forEach((line, i) => {
    const no = i + 1;
    if (!(Math.abs(line.quantity) <= ESTIMATE_LIMITS.quantity))
      errors[`lines.${i}.quantity`] = messages.estimateLineQuantityTooLarge(
        no,
        line.name,
        ESTIMATE_LIMITS.quantity,
      );
    else if (!(Math.abs(line.unitPrice) <= ESTIMATE_LIMITS.unitPrice))
      errors[`lines.${i}.unitPrice`] = messages.estimateLineUnitPriceTooLarge(
        no,
        line.name,
        ESTIMATE_LIMITS.unitPrice,
      );
    else if (!(Math.abs(lineAmount(line.quantity, line.unitPrice)) <= ESTIMATE_LIMITS.lineAmount))
      errors[`lines.${i}.quantity`] = messages.estimateLineAmountTooLarge(
        no,
        line.name,
        ESTIMATE_LIMITS.lineAmount,
      );
  });
  if (totals && !(Math.abs(totals.total) <= ESTIMATE_LIMITS.total))
    errors.total = messages.estimateTotalTooLarge(ESTIMATE_LIMITS.total);
  return errors;
}
