import { ADMIN_API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import * as dashboard from './dashboard.service.js';

export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  call(ADMIN_API.dashboardSummary, ({ tx }) => dashboard.summary(tx, ctx));
}
