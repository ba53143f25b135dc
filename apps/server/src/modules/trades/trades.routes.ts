import { API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import * as trades from './trades.service.js';

/** Customers' trades taken from sell listings: create, pay, cancel, release, appeal, and the views of them. */
export function registerTradeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  call(API.tradeCreate, ({ tx, input, auth }) => trades.createTrade(tx, ctx, auth, input));
  call(API.tradePaid, ({ tx, input, auth }) => trades.markPaid(tx, ctx, auth.user.id, input));
  call(API.tradeCancel, ({ tx, input, auth }) => trades.cancelTrade(tx, ctx, auth.user.id, input.id));
  call(API.tradeRelease, ({ tx, input, auth }) => trades.releaseTrade(tx, ctx, auth, input));
  call(API.tradeAppeal, ({ tx, input, auth }) => trades.appealTrade(tx, ctx, auth.user.id, input));
  call(API.tradeDetail, ({ tx, input, auth }) => trades.tradeDetail(tx, ctx, auth.user.id, input.id));
  call(API.tradeList, ({ tx, input, auth }) => trades.listTrades(tx, auth.user.id, input), { readOnly: true });
}
