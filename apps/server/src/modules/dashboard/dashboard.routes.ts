import { ADMIN_API, emptyRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { operatorAuth } from '../operators/operators.service.js';
import * as dashboard from './dashboard.service.js';

export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  post(app, ctx, ADMIN_API.dashboardSummary, { body: emptyRequest, auth: operatorAuth(ctx) }, ({ tx }) =>
    dashboard.summary(tx, ctx),
  );
}
