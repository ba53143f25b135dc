import {
  ADMIN_API,
  API,
  interestProductCreateRequest,
  interestProductUpdateRequest,
  lixibaoCreateOrderRequest,
  lixibaoListRequest,
  pagingRequest,
} from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { MONEY_ROLES, operatorAuth } from '../operators/operators.service.js';
import { userAuth } from '../users/users.service.js';
import * as interest from './interest.service.js';

/** The interest wallet: customers' products and orders; operators' products. Settlement is the job `settle-interest`. */
export function registerInterestRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = userAuth(ctx);
  const money = operatorAuth(ctx, MONEY_ROLES);
  post(app, ctx, API.lixibaoList, { body: lixibaoListRequest, auth: signedIn, readOnly: true }, ({ tx, input }) =>
    interest.listProducts(tx, input.page, input.page_size),
  );
  post(app, ctx, API.lixibaoCreateOrder, { body: lixibaoCreateOrderRequest, auth: signedIn }, ({ tx, input, auth }) =>
    interest.createOrder(tx, ctx, auth.user.id, input),
  );
  post(app, ctx, API.lixibaoListOrder, { body: pagingRequest, auth: signedIn, readOnly: true }, ({ tx, input, auth }) =>
    interest.listOwnOrders(tx, auth.user.id, input.page, input.page_size),
  );
  post(app, ctx, ADMIN_API.lixibaoList, { body: pagingRequest, auth: operatorAuth(ctx) }, ({ tx, input }) =>
    interest.listForOperators(tx, input.page, input.page_size),
  );
  post(app, ctx, ADMIN_API.lixibaoCreate, { body: interestProductCreateRequest, auth: money }, ({ tx, input, auth }) =>
    interest.createProduct(tx, ctx, auth.operator, input),
  );
  post(app, ctx, ADMIN_API.lixibaoUpdate, { body: interestProductUpdateRequest, auth: money }, ({ tx, input, auth }) =>
    interest.updateProduct(tx, ctx, auth.operator, input),
  );
}
