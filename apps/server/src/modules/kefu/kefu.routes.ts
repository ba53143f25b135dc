import { ADMIN_API, API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import * as kefu from './kefu.service.js';

/** Customer-service contacts: customers read the active ones, operators manage them (owner only, audited). */
export function registerKefuRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  call(API.kefuList, ({ tx }) => kefu.listActive(tx));
  call(ADMIN_API.kefuList, ({ tx, input }) => kefu.listForOperators(tx, input.page, input.page_size));
  call(ADMIN_API.kefuCreate, ({ tx, input, auth }) => kefu.createContact(tx, ctx, auth.operator, input));
  call(ADMIN_API.kefuUpdate, ({ tx, input, auth }) => kefu.updateContact(tx, ctx, auth.operator, input));
}
