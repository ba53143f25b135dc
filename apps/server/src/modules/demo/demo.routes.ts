import { ADMIN_API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import * as demo from './demo.service.js';

/** The console's demo banner: every operator sees whether demo data is in place; an owner removes it. */
export function registerDemoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  call(ADMIN_API.demoStatus, ({ tx }) => demo.demoStatus(tx));
  call(ADMIN_API.demoRemove, ({ tx, auth }) => demo.removeDemoData(tx, ctx, auth.operator));
}
