import {
  ADMIN_API,
  API,
  addressCreateRequest,
  addressUpdateRequest,
  pagingRequest,
  receivingAddressRequest,
  rechargeCreateRequest,
} from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { MONEY_ROLES, operatorAuth } from '../operators/operators.service.js';
import { userAuth } from '../users/users.service.js';
import * as recharge from './recharge.service.js';

/** Customer calls and receiving addresses; the review calls come from the recharge queue (review module). */
export function registerRechargeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = userAuth(ctx);
  const money = operatorAuth(ctx, MONEY_ROLES);

  post(app, ctx, API.rechargeAddress, { body: receivingAddressRequest, auth: signedIn }, ({ tx, input }) =>
    recharge.receivingAddress(tx, input.type),
  );
  post(app, ctx, API.rechargeCreate, { body: rechargeCreateRequest, auth: signedIn }, ({ tx, input, auth }) =>
    recharge.createRecharge(tx, ctx, auth.user.id, input),
  );
  post(app, ctx, API.rechargeList, { body: pagingRequest, auth: signedIn, readOnly: true }, ({ tx, input, auth }) =>
    recharge.listOwn(tx, auth.user.id, input.page, input.page_size),
  );
  post(app, ctx, ADMIN_API.addressList, { body: pagingRequest, auth: operatorAuth(ctx) }, ({ tx, input }) =>
    recharge.listAddresses(tx, input.page, input.page_size),
  );
  post(app, ctx, ADMIN_API.addressCreate, { body: addressCreateRequest, auth: money }, ({ tx, input, auth }) =>
    recharge.createAddress(tx, ctx, auth.operator, input),
  );
  post(app, ctx, ADMIN_API.addressUpdate, { body: addressUpdateRequest, auth: money }, ({ tx, input, auth }) =>
    recharge.updateAddress(tx, ctx, auth.operator, input),
  );
}
