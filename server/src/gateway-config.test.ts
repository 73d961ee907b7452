import { readFileSync } from 'node:fs';
import path from 'node:path';
import { routeBodyLimits } from '@interior/platform';
import { startTestPlatform, type TestPlatform } from './testing/platform';

/**
 * The distributed stack's gateway (deploy/nginx.conf) refuses a body larger than its
 * `client_max_body_size` with its own 413 before a service sees it. Every route that takes a body
 * must therefore find, at the location nginx picks for its path, at least the limit the route
 * itself declares: a new upload field or a raised limit that the gateway was not told of fails
 * here, not in production.
 */
interface Location {
  modifier: '=' | '~' | '~*' | '^~' | '';
  pattern: string;
  maxBodyBytes: number | null;
}

const units: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
const bytesOf = (size: string) => {
  const [, n, unit] = /^(\d+)([kmg]?)$/i.exec(size)!;
  return Number(n) * units[unit!.toLowerCase()]!;
};

/** The server block's own limit and its locations, in the order written (the file nests no locations). */
function readGateway(text: string): { serverMaxBodyBytes: number; locations: Location[] } {
  const withoutComments = text.replace(/#[^\n]*/g, '');
  const locations: Location[] = [];
  const blocks = /location\s+(=|~\*|~|\^~)?\s*(\S+)\s*\{([^}]*)\}/g;
  for (const [, modifier, pattern, body] of withoutComments.matchAll(blocks)) {
    const size = /client_max_body_size\s+(\w+);/.exec(body!);
    locations.push({
      modifier: (modifier ?? '') as Location['modifier'],
      pattern: pattern!,
      maxBodyBytes: size ? bytesOf(size[1]!) : null,
    });
  }
  const outside = withoutComments.replace(blocks, '');
  const serverSize = /client_max_body_size\s+(\w+);/.exec(outside);
  // nginx's own default when the server block sets none.
  return { serverMaxBodyBytes: serverSize ? bytesOf(serverSize[1]!) : 1024 ** 2, locations };
}

/** The location nginx serves a path from: exact, else the longest prefix if ^~, else the first regex, else that prefix. */
function locationFor(locations: Location[], uri: string): Location | undefined {
  const exact = locations.find((l) => l.modifier === '=' && l.pattern === uri);
  if (exact) return exact;
  const prefix = locations
    .filter((l) => (l.modifier === '' || l.modifier === '^~') && uri.startsWith(l.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length)[0];
  if (prefix?.modifier === '^~') return prefix;
  const regex = locations.find(
    (l) =>
      (l.modifier === '~' || l.modifier === '~*') &&
      new RegExp(l.pattern, l.modifier === '~*' ? 'i' : '').test(uri),
  );
  return regex ?? prefix;
}

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform?.stop();
});

it('lets through to every route that takes a body at least the body the route accepts', () => {
  const gateway = readGateway(readFileSync(path.resolve(__dirname, '../../deploy/nginx.conf'), 'utf8'));
  const writes = routeBodyLimits(platform.server.app).filter(
    (r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method),
  );
  // The walk reached the upload routes, whose limits are above the app's default.
  expect(writes.filter((r) => r.bodyLimit > 12 * 1024 ** 2).length).toBeGreaterThan(3);
  const refused = writes.flatMap((route) => {
    const uri = route.url.replace(/:\w+/g, '1').replace(/\*/g, 'x');
    const location = locationFor(gateway.locations, uri);
    const allowed = location?.maxBodyBytes ?? gateway.serverMaxBodyBytes;
    return allowed >= route.bodyLimit
      ? []
      : [`${route.method} ${route.url}: the route takes ${route.bodyLimit} bytes, the gateway ${allowed}`];
  });
  expect(refused).toEqual([]);
});
