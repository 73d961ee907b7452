import { listTotal } from './listTotal';

describe('a list’s total from Content-Range', () => {
  it('is the count, or a lower bound when the server says "+"', () => {
    expect(listTotal('usergroup 0-24/57')).toEqual({ total: 57 });
    expect(listTotal('usergroup */0')).toEqual({ total: 0 });
    expect(listTotal('usergroup 0-24/1001+')).toEqual({ total: 1001, meta: { totalAtLeast: true } });
  });

  it('is an error when there is none', () => {
    expect(() => listTotal(null)).toThrow();
    expect(() => listTotal('usergroup 0-24/*')).toThrow();
  });
});
