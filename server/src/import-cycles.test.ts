import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A module that imports one which imports it back is evaluated half-initialised in one of the two
// orders, so no source module of any workspace may take part in a cycle. Type-only imports vanish
// when compiled and cannot form one. dpdm runs as its command (its library entry loads ESM-only
// packages that this Jest setup does not compile).
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
