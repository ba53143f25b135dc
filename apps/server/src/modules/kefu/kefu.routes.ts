import { ADMIN_API, API, emptyRequest, kefuCreateRequest, kefuUpdateRequest, pagingRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { operatorAuth } from '../operators/operators.service.js';
import { userAuth } from '../users/users.service.js';
import * as kefu from './kefu.service.js';

/** Customer-service contacts: customers read the active ones, operators manage them (owner only, audited). */
export function registerKefuRoutes(app: FastifyInstance, ctx: AppContext): void {
  const owner = operatorAuth(ctx, ['owner']);
  post(app, ctx, API.kefuList, { body: emptyRequest, auth: userAuth(ctx) }, ({ tx }) => kefu.listActive(tx));
  post(app, ctx, ADMIN_API.kefuList, { body: pagingRequest, auth: operatorAuth(ctx) }, ({ tx, input }) =>
    kefu.listForOperators(tx, input.page, input.page_size),
  );
  post(app, ctx, ADMIN_API.kefuCreate, { body: kefuCreateRequest, auth: owner }, ({ tx, input, auth }) =>
    kefu.createContact(tx, ctx, auth.operator, input),
  );
  post(app, ctx, ADMIN_API.kefuUpdate, { body: kefuUpdateRequest, auth: owner }, ({ tx, input, auth }) =>
    kefu.updateContact(tx, ctx, auth.operator, input),
  );
}
