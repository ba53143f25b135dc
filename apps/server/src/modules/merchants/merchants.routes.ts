import { ADMIN_API, API, merchantCreateRequest, merchantUpdateRequest, pagingRequest, saleuCreateRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { MONEY_ROLES, operatorAuth } from '../operators/operators.service.js';
import { userAuth } from '../users/users.service.js';
import * as merchants from './merchants.service.js';

/** Offers and customers' sales; the review calls come from the sales queue (review module). */
export function registerMerchantRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = userAuth(ctx);
  const money = operatorAuth(ctx, MONEY_ROLES);
  post(app, ctx, API.sellingMerchant, { body: pagingRequest, auth: signedIn }, ({ tx, input }) =>
    merchants.listOffers(tx, ctx, input.page, input.page_size),
  );
  post(app, ctx, API.saleuCreateOrder, { body: saleuCreateRequest, auth: signedIn }, ({ tx, input, auth }) =>
    merchants.createSale(tx, ctx, auth, input),
  );
  post(app, ctx, API.saleuListOrder, { body: pagingRequest, auth: signedIn, readOnly: true }, ({ tx, input, auth }) =>
    merchants.listOwnSales(tx, auth.user.id, input.page, input.page_size),
  );
  post(app, ctx, ADMIN_API.merchantList, { body: pagingRequest, auth: operatorAuth(ctx) }, ({ tx, input }) =>
    merchants.listForOperators(tx, ctx, input.page, input.page_size),
  );
  post(app, ctx, ADMIN_API.merchantCreate, { body: merchantCreateRequest, auth: money }, ({ tx, input, auth }) =>
    merchants.createMerchant(tx, ctx, auth.operator, input),
  );
  post(app, ctx, ADMIN_API.merchantUpdate, { body: merchantUpdateRequest, auth: money }, ({ tx, input, auth }) =>
    merchants.updateMerchant(tx, ctx, auth.operator, input),
  );
}
