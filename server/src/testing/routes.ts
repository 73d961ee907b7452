import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** The route's pattern, as registered: `/api/usergroup/:id`. */
  path: string;
}

/**
 * The routes a Fastify instance registered, read from its route tree (`printRoutes`), so that a
 * test walks every route there is rather than a list that falls behind. HEAD appears only where a
 * route is HEAD alone (Fastify adds HEAD to every GET).
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const found = new Map<string, RegisteredRoute>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    const methods = (match[3] ?? '').split(', ').filter((m) => m && m !== '-');
    for (const method of methods) {
      if (method === 'HEAD' && methods.includes('GET')) continue;
      found.set(`${method} ${path}`, { method, path });
    }
  }
  return [...found.values()];
}
