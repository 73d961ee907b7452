import { checkFormula, evaluateFormula, FormulaError, formulaNames } from './formula';

const scope = { area: 12, perimeter: '14', height: 2.4, count: 3, OVERHEAD_RATE: 0.06, BOARD: '2.4' };

describe('evaluateFormula', () => {
  test.each([
    ['1', '1'],
    ['area', '12'],
    ['area * 1.05', '12.6'],
    ['0.1 + 0.2', '0.3'],
    ['1 - 0.9', '0.1'],
    ['perimeter / 3', '4.666666666666666666666666666666666666667'],
    ['(area + perimeter) * 2', '52'],
    ['-area + 20', '8'],
    ['+count', '3'],
    ['ceil(perimeter / BOARD)', '6'],
    ['floor(perimeter / BOARD)', '5'],
    ['round(2.5)', '3'],
    ['round(-2.5)', '-3'],
    ['round(area / 7, 2)', '1.71'],
    ['min(area, perimeter, 13)', '12'],
    ['max(1, count * 0.1)', '1'],
    ['area * OVERHEAD_RATE', '0.72'],
    ['1e3 * .5', '500'],
    ['2 * 3 + 4 * 5', '26'],
    ['10 / 4 / 5', '0.5'],
  ])('%s = %s', (text, expected) => {
    expect(evaluateFormula(text, scope).toString()).toBe(expected);
  });

  test.each([
    ['area / 0', '수식에서 0으로 나누었습니다.'],
    ['area / (count - 3)', '수식에서 0으로 나누었습니다.'],
    ['UNKNOWN * 2', '수식에 알 수 없는 이름이 있습니다: UNKNOWN'],
    ['constructor', '수식에 알 수 없는 이름이 있습니다: constructor'],
    ['__proto__', '수식에 알 수 없는 이름이 있습니다: __proto__'],
    ['1e20', '수식의 값이 너무 큽니다.'],
  ])('%s fails: %s', (text, message) => {
    expect(() => evaluateFormula(text, scope)).toThrow(new FormulaError(message));
  });
});

describe('checkFormula', () => {
  const known = ['OVERHEAD_RATE', 'BOARD'];
  test.each([
    ['area * 1.1', null],
    ['ceil(perimeter / BOARD) + count', null],
    ['round(area, 2)', null],
    ['', '수량 수식을 입력해야 합니다.'],
    ['   ', '수량 수식을 입력해야 합니다.'],
    ['area *', '수식의 형식이 올바르지 않습니다.'],
    ['(area', '수식의 형식이 올바르지 않습니다.'],
    ['area ** 2', '수식의 형식이 올바르지 않습니다.'],
    ['area % 2', '수식의 형식이 올바르지 않습니다.'],
    ['area > 2', '수식의 형식이 올바르지 않습니다.'],
    ['area ? 1 : 2', '수식의 형식이 올바르지 않습니다.'],
    ['"12"', '수식의 형식이 올바르지 않습니다.'],
    ['true', '수식의 형식이 올바르지 않습니다.'],
    ['this', '수식의 형식이 올바르지 않습니다.'],
    ['[1, 2]', '수식의 형식이 올바르지 않습니다.'],
    ['area.constructor', '수식의 형식이 올바르지 않습니다.'],
    ['area; 2', '수식의 형식이 올바르지 않습니다.'],
    ['!area', '수식의 형식이 올바르지 않습니다.'],
    ['Math.max(1, 2)', '수식의 형식이 올바르지 않습니다.'],
    ['sqrt(area)', '수식에 쓸 수 없는 함수입니다: sqrt (ceil, floor, round, min, max만 쓸 수 있습니다)'],
    ['ceil()', 'ceil 함수의 인수 개수가 올바르지 않습니다.'],
    ['floor(1, 2)', 'floor 함수의 인수 개수가 올바르지 않습니다.'],
    ['area * WASTE', '수식에 알 수 없는 이름이 있습니다: WASTE'],
    ['Area', '수식에 알 수 없는 이름이 있습니다: Area'],
    ['x'.repeat(501), '수식은 500 글자 이하로 입력해야 합니다.'],
  ])('%p → %p', (text, expected) => {
    expect(checkFormula(text, known)).toBe(expected);
  });

  test('formulaNames lists each name once, in order', () => {
    expect(formulaNames('max(area, count) * BOARD + area')).toEqual(['area', 'count', 'BOARD']);
  });
});
