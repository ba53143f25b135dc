import { ADMIN_API, adminLoginRequest, emptyRequest, operatorCreateRequest, pagingRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { noAuth, post } from '../../lib/http.js';
import * as operators from './operators.service.js';

export function registerOperatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const anyOperator = operators.operatorAuth(ctx);
  const owner = operators.operatorAuth(ctx, ['owner']);

  post(app, ADMIN_API.login, { body: adminLoginRequest, auth: noAuth }, ({ input, ip }) => operators.login(ctx, input, ip));
  post(app, ADMIN_API.me, { body: emptyRequest, auth: anyOperator }, async ({ auth }) => operators.toOperator(auth.operator));
  post(app, ADMIN_API.logout, { body: emptyRequest, auth: anyOperator }, async ({ auth }) => {
    await operators.logout(ctx, auth);
  });
  post(app, ADMIN_API.operatorList, { body: pagingRequest, auth: owner }, ({ input }) =>
    operators.listOperators(ctx, input.page, input.page_size),
  );
  post(app, ADMIN_API.operatorCreate, { body: operatorCreateRequest, auth: owner }, ({ input, auth }) =>
    operators.createOperator(ctx, auth.operator, input),
  );
}
