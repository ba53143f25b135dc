import { ADMIN_API, emptyRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { operatorAuth } from '../operators/operators.service.js';
import * as demo from './demo.service.js';

/** The console's demo banner: every operator sees whether demo data is in place; an owner removes it. */
export function registerDemoRoutes(app: FastifyInstance, ctx: AppContext): void {
  post(app, ctx, ADMIN_API.demoStatus, { body: emptyRequest, auth: operatorAuth(ctx) }, ({ tx }) => demo.demoStatus(tx));
  post(app, ctx, ADMIN_API.demoRemove, { body: emptyRequest, auth: operatorAuth(ctx, ['owner']) }, ({ tx, auth }) =>
    demo.removeDemoData(tx, ctx, auth.operator),
  );
}
