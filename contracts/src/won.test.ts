import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
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

  // Money is written one way everywhere: a second formatter (a ₩ sign, a KRW currency style, a
  // number with 원 glued on by hand) is the start of two styles again.
  it('is the only way any workspace writes an amount of money', () => {
    const root = path.resolve(__dirname, '../..');
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
      });
    const workspaces = [
      'contracts',
      'platform',
      'command-service',
      'query-service',
      'projections',
      'server',
      'ui',
    ];
    const files = workspaces.flatMap((workspace) => sources(path.join(root, workspace, 'src')));
    expect(files.length).toBeGreaterThan(300);
    const otherWays = /₩|currency: 'KRW'|toLocaleString\('ko-KR'[^)]*\)\}?\s*원/;
    expect(
      files
        .filter((file) => otherWays.test(readFileSync(file, 'utf8')))
        .map((file) => path.relative(root, file)),
    ).toEqual([]);
  });
});
