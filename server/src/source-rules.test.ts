import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Rules every workspace's source keeps, checked over all of it rather than file by file. */
const root = path.resolve(__dirname, '../..');
const workspaces = [
  'contracts',
  'platform',
  'command-service',
  'query-service',
  'projections',
  'server',
  'ui',
  'bench',
];

/** Every source file below a folder, tests left out unless asked for. */
function sources(dir: string, withTests = false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full, withTests);
    return /\.tsx?$/.test(entry.name) && (withTests || !/\.test\.tsx?$/.test(entry.name)) ? [full] : [];
  });
}

/** Every source file (tests left out) of every workspace. */
const workspaceSources = () => workspaces.flatMap((workspace) => sources(path.join(root, workspace, 'src')));

// A module that imports one which imports it back is evaluated half-initialised in one of the two
// orders, so no source module of any workspace may take part in a cycle. Type-only imports vanish
// when compiled and cannot form one. dpdm runs as its command (its library entry loads ESM-only
// packages that this Jest setup does not compile).
test('no module of any workspace imports itself back through others', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
  try {
    const output = path.join(dir, 'graph.json');
    execFileSync(
      process.execPath,
      [
        require.resolve('dpdm/lib/bin/dpdm.js'),
        '--transform',
        '--no-tree',
        '--no-circular',
        '--no-warning',
        '--no-progress',
        '--output',
        output,
        ...workspaces.map((workspace) => `${workspace}/src/**/*.{ts,tsx}`),
      ],
      { cwd: root, stdio: 'pipe' },
    );
    const graph = JSON.parse(readFileSync(output, 'utf8')) as { tree: object; circulars: string[][] };
    // The walk really reached every workspace's sources.
    expect(Object.keys(graph.tree).length).toBeGreaterThan(500);
    expect(graph.circulars).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// Money is written one way everywhere (formatWon: 14,900원): a second formatter (a ₩ sign, a KRW
// currency style, a number with 원 glued on by hand) is the start of two styles again.
test('no workspace writes an amount of money but through formatWon', () => {
  const files = workspaceSources();
  expect(files.length).toBeGreaterThan(300);
  const otherWays = /₩|currency: 'KRW'|toLocaleString\('ko-KR'[^)]*\)\}?\s*원/;
  expect(
    files
      .filter((file) => otherWays.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file)),
  ).toEqual([]);
});

// Every moment is written in Korea time through one formatter (contracts' koreaTimeText, and the UI's
// KoreaDateField around react-admin's DateField): a formatter of its own, or a DateField without the
// zone, writes the browser's or the server's day, and the same event reads as two days.
test('no workspace writes a date or time but through the Korea-time formatters', () => {
  const formatters = new Set(['contracts/src/korea-time.ts', 'ui/src/i18n/KoreaDateField.tsx']);
  const files = workspaceSources().filter((file) => !formatters.has(path.relative(root, file)));
  expect(files.length).toBeGreaterThan(300);
  const otherWays =
    /Intl\.DateTimeFormat\(|toLocale(Date|Time)String\(|toLocaleString\([^)]*(dateStyle|timeStyle|timeZone)|<DateField\b/;
  expect(
    files
      .filter((file) => otherWays.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file)),
  ).toEqual([]);
});

// Browser tests wait for what a screen shows through the testing module's waitUntil, which looks
// every 20 ms. A locator's own waitFor looks at widening intervals, half a second apart after the
// first quarter second, and over the suites' thousand waits that was minutes of every run.
test("browser tests wait for the page through waitUntil, not a locator's own waitFor", () => {
  const testing = path.join(root, 'server/src/testing/browser.ts');
  const files = sources(path.join(root, 'server/src'), true).filter(
    (file) => file !== testing && /(browser|testing)[/\\]/.test(path.relative(root, file)),
  );
  expect(files.length).toBeGreaterThan(20);
  // A locator's waitFor takes nothing or its options object; the mail catcher's takes an address.
  const locatorWait = /\.waitFor\(\s*(\)|\{)/;
  expect(
    files
      .filter((file) => locatorWait.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file)),
  ).toEqual([]);
});

// Every CSV the platform writes goes through contracts' one writer (formula-safe cells): no list
// may use react-admin's List or exporter directly, and nothing else may build a CSV file by hand.
// Walks the source of every workspace, so a new export cannot slip past.
test('every CSV export is written by the one formula-safe writer', () => {
  /** The writer itself, and the UI's two wrappers around it. */
  const allowed = new Set(['contracts/src/csv.ts', 'ui/src/export/csv.ts', 'ui/src/export/List.tsx']);
  const producers: [what: string, pattern: RegExp][] = [
    [
      "react-admin's List (its default exporter writes cells raw)",
      /import\s*\{[^}]*\bList\b[^}]*\}\s*from\s*'react-admin'/,
    ],
    ["react-admin's exporter or download", /\b(defaultExporter|downloadCSV|jsonexport)\b/],
    ['a CSV file made by hand', /type:\s*['"]text\/csv|download\s*=\s*`[^`]*\.csv`/],
  ];
  const files = workspaceSources();
  expect(files.length).toBeGreaterThan(100);
  const found: string[] = [];
  for (const file of files) {
    const name = path.relative(root, file);
    if (allowed.has(name)) continue;
    const text = readFileSync(file, 'utf8');
    for (const [what, pattern] of producers) if (pattern.test(text)) found.push(`${name}: ${what}`);
  }
  expect(found).toEqual([]);
});

/**
 * The UI's folders, and the modules directly in ui/src, lowest first. A module imports only from
 * its own folder and from those below it: the shared kit never reaches up into a page, and a page
 * never into the dashboard shell that lists it. The feature folders share one step, as peers: they
 * show one another's parts (a design's page holds its estimations, the audit page a design's state).
 */
const uiLayers: readonly (readonly string[])[] = [
  ['testing'],
  ['browserStorage.ts'],
  ['pageTitle.ts'],
  ['plain'],
  ['feedback'],
  ['i18n'],
  ['export'],
  ['theme'],
  ['session'],
  ['avatar'],
  ['kit'],
  ['resources', 'pages', 'designs', 'estimations', 'history', 'audit', 'permissions'],
  ['designer'],
  ['admin'],
  ['AppErrorBoundary.tsx'],
  ['DataBrowserRouter.tsx'],
  ['DocumentTitle.tsx'],
  ['App.tsx'],
  ['main.tsx'],
];

// Checked over every UI file, tests included, so that a new import cannot run back up the order.
test('every UI folder imports only from its own folder and those below it', () => {
  const ui = path.join(root, 'ui/src');
  const layerOf = new Map(uiLayers.flatMap((layer, step) => layer.map((name) => [name, step] as const)));
  /** A folder of ui/src, or a module directly in it (its tests belong to it). */
  const unitOf = (file: string) =>
    path
      .relative(ui, file)
      .split(path.sep)[0]
      ?.replace(/\.test(?=\.tsx?$)/, '');
  const resolve = (from: string, specifier: string) => {
    const base = path.resolve(path.dirname(from), specifier);
    return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
      .map((ending) => base + ending)
      .find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  };
  const files = sources(ui, true);
  expect(files.length).toBeGreaterThan(200);
  const wrong: string[] = [];
  for (const file of files) {
    const importer = unitOf(file) ?? '';
    const text = readFileSync(file, 'utf8');
    for (const [, specifier = ''] of text.matchAll(
      /(?:from|import|require|jest\.mock)\s*\(?\s*'(\.\.?\/[^']*)'/g,
    )) {
      const target = resolve(file, specifier);
      const where = `${path.relative(root, file)} imports '${specifier}'`;
      if (!target) {
        wrong.push(`${where}, which is no module`);
        continue;
      }
      const imported = unitOf(target) ?? '';
      if (imported === importer) continue;
      const [above, below] = [layerOf.get(importer), layerOf.get(imported)];
      if (above === undefined || below === undefined)
        wrong.push(`${where}: place ${importer} and ${imported} in uiLayers`);
      else if (below > above) wrong.push(`${where}: ${imported} is above ${importer}`);
    }
  }
  expect(wrong).toEqual([]);
});
