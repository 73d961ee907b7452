import { RecentRows } from './read-models';

/** Positions as the PostgreSQL store writes them; compared as numbers. */
const compare = (a: string, b: string) => Number(a) - Number(b);

describe('RecentRows', () => {
  it('answers a row written at or after the position asked, as a copy, and nothing older', () => {
    const recent = new RecentRows(compare);
    recent.wrote('brands', '5', [{ id: 1, name: '한샘', version: 0 }], []);
    expect(recent.get('brands', 1, '5')).toEqual({ id: 1, name: '한샘', version: 0 });
    expect(recent.get('brands', 1, '4')).toEqual({ id: 1, name: '한샘', version: 0 });
    expect(recent.get('brands', 1, '6')).toBeUndefined();
    expect(recent.get('brands', 2, '5')).toBeUndefined();
    expect(recent.get('products', 1, '5')).toBeUndefined();
    const copy = recent.get<{ name: string }>('brands', 1, '5')!;
    copy.name = '바뀜';
    expect(recent.get<{ name: string }>('brands', 1, '5')?.name).toBe('한샘');
  });

  it('keeps the newest write of a row, drops a deleted one, and forgets a view on request', () => {
    const recent = new RecentRows(compare);
    recent.wrote('brands', '5', [{ id: 1, name: '가' }], []);
    recent.wrote(
      'brands',
      '7',
      [
        { id: 1, name: '나' },
        { id: 2, name: '다' },
      ],
      [],
    );
    expect(recent.get<{ name: string }>('brands', 1, '6')?.name).toBe('나');
    recent.wrote('brands', '8', [], [1]);
    expect(recent.get('brands', 1, '5')).toBeUndefined();
    expect(recent.get('brands', 2, '7')).toBeDefined();
    recent.forget('brands');
    expect(recent.get('brands', 2, '7')).toBeUndefined();
  });

  it('keeps a bounded number of rows per view, the least recently written out first', () => {
    const recent = new RecentRows(compare, 3);
    for (let id = 1; id <= 5; id++) recent.wrote('brands', String(id), [{ id }], []);
    recent.wrote('brands', '6', [{ id: 3 }], []);
    expect([1, 2, 3, 4, 5].filter((id) => recent.get('brands', id, '0') !== undefined)).toEqual([3, 4, 5]);
  });
});
