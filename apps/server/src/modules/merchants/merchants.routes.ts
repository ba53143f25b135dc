import { ADMIN_API, API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import * as merchants from './merchants.service.js';

/** Offers and customers' sales; the review calls come from the sales queue (review module). */
export function registerMerchantRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  call(API.sellingMerchant, ({ tx, input }) => merchants.listOffers(tx, ctx, input.page, input.page_size));
  call(API.saleuCreateOrder, ({ tx, input, auth }) => merchants.createSale(tx, ctx, auth, input));
  call(API.saleuListOrder, ({ tx, input, auth }) => merchants.listOwnSales(tx, auth.user.id, input.page, input.page_size), {
    readOnly: true,
  });
  call(ADMIN_API.merchantList, ({ tx, input }) => merchants.listForOperators(tx, ctx, input.page, input.page_size));
  call(ADMIN_API.merchantCreate, ({ tx, input, auth }) => merchants.createMerchant(tx, ctx, auth.operator, input));
  call(ADMIN_API.merchantUpdate, ({ tx, input, auth }) => merchants.updateMerchant(tx, ctx, auth.operator, input));
}
