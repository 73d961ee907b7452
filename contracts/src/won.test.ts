import fc from 'fast-check';
import { formatWon } from './won';

describe('formatWon', () => {
  it.each([
    [0, '0원'],
    [14_900, '14,900원'],
    [3_902_800, '3,902,800원'],
    [-345, '-345원'],
  ])('writes %d as %s', (amount, text) => {
    expect(formatWon(amount)).toBe(text);
  });

  it('writes every whole amount as its digits grouped by three, then 원', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (amount) => {
        expect(formatWon(amount).replaceAll(',', '')).toBe(`${amount}원`);
        expect(formatWon(amount)).toMatch(/^-?\d{1,3}(,\d{3})*원$/);
      }),
    );
  });
});
