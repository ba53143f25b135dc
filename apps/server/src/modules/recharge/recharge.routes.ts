import { ADMIN_API, API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import * as recharge from './recharge.service.js';

/** Customer calls and receiving addresses; the review calls come from the recharge queue (review module). */
export function registerRechargeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);

  call(API.rechargeAddress, ({ tx, input }) => recharge.receivingAddress(tx, input.type));
  call(API.rechargeCreate, ({ tx, input, auth }) => recharge.createRecharge(tx, ctx, auth.user.id, input));
  call(API.rechargeList, ({ tx, input, auth }) => recharge.listOwn(tx, auth.user.id, input.page, input.page_size), {
    readOnly: true,
  });
  call(ADMIN_API.addressList, ({ tx, input }) => recharge.listAddresses(tx, input.page, input.page_size));
  call(ADMIN_API.addressCreate, ({ tx, input, auth }) => recharge.createAddress(tx, ctx, auth.operator, input));
  call(ADMIN_API.addressUpdate, ({ tx, input, auth }) => recharge.updateAddress(tx, ctx, auth.operator, input));
}
