import { ADMIN_API, API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import * as interest from './interest.service.js';

/** The interest wallet: customers' products and orders; operators' products. Settlement is the job `settle-interest`. */
export function registerInterestRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  call(API.lixibaoList, ({ tx, input }) => interest.listProducts(tx, input.page, input.page_size), { readOnly: true });
  call(API.lixibaoCreateOrder, ({ tx, input, auth }) => interest.createOrder(tx, ctx, auth.user.id, input));
  call(API.lixibaoListOrder, ({ tx, input, auth }) => interest.listOwnOrders(tx, auth.user.id, input.page, input.page_size), {
    readOnly: true,
  });
  call(ADMIN_API.lixibaoList, ({ tx, input }) => interest.listForOperators(tx, input.page, input.page_size));
  call(ADMIN_API.lixibaoCreate, ({ tx, input, auth }) => interest.createProduct(tx, ctx, auth.operator, input));
  call(ADMIN_API.lixibaoUpdate, ({ tx, input, auth }) => interest.updateProduct(tx, ctx, auth.operator, input));
}
