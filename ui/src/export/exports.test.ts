import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Every CSV the platform writes goes through contracts' one writer (formula-safe cells): no list
 * may use react-admin's List or exporter directly, and nothing else may build a CSV file by hand.
 * Walks the source of every workspace, so a new export cannot slip past.
 */
const root = join(__dirname, '..', '..', '..');
const workspaces = [
  'ui',
  'contracts',
  'platform',
  'command-service',
  'query-service',
  'projections',
  'server',
];
/** The writer itself, and the UI's two wrappers around it. */
const allowed = new Set(['contracts/src/csv.ts', 'ui/src/export/csv.ts', 'ui/src/export/List.tsx']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const producers: [what: string, pattern: RegExp][] = [
  [
    "react-admin's List (its default exporter writes cells raw)",
    /import\s*\{[^}]*\bList\b[^}]*\}\s*from\s*'react-admin'/,
  ],
  ["react-admin's exporter or download", /\b(defaultExporter|downloadCSV|jsonexport)\b/],
  ['a CSV file made by hand', /type:\s*['"]text\/csv|download\s*=\s*`[^`]*\.csv`/],
];

describe('CSV exports', () => {
  it('are all written by the one formula-safe writer', () => {
    const files = workspaces.flatMap((w) => sources(join(root, w, 'src')));
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      const name = relative(root, file);
      if (allowed.has(name)) continue;
      const text = readFileSync(file, 'utf8');
      for (const [what, pattern] of producers) if (pattern.test(text)) found.push(`${name}: ${what}`);
    }
    expect(found).toEqual([]);
  });
});
