import type { FastifyInstance } from 'fastify';

/**
 * Every route the app registered as `METHOD path`, read from Fastify's route tree: a nested line carries the rest of
 * its parent's path, so each is joined to the parents above it.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + m[2];
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of m[3]?.split(', ') ?? []) routes.push(`${method} ${path}`);
  }
  return routes;
}

/** The routes under /api/. */
export const apiRoutes = (app: FastifyInstance) => registeredRoutes(app).filter((r) => r.split(' ')[1]!.startsWith('/api/'));
