import {
  API,
  tradeAppealRequest,
  tradeCreateRequest,
  tradeIdRequest,
  tradeListRequest,
  tradePaidRequest,
  tradeReleaseRequest,
} from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { userAuth } from '../users/users.service.js';
import * as trades from './trades.service.js';

/** Customers' trades taken from sell listings: create, pay, cancel, release, appeal, and the views of them. */
export function registerTradeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = userAuth(ctx);
  post(app, ctx, API.tradeCreate, { body: tradeCreateRequest, auth: signedIn }, ({ tx, input, auth }) =>
    trades.createTrade(tx, ctx, auth, input),
  );
  post(app, ctx, API.tradePaid, { body: tradePaidRequest, auth: signedIn }, ({ tx, input, auth }) =>
    trades.markPaid(tx, ctx, auth.user.id, input),
  );
  post(app, ctx, API.tradeCancel, { body: tradeIdRequest, auth: signedIn }, ({ tx, input, auth }) =>
    trades.cancelTrade(tx, ctx, auth.user.id, input.id),
  );
  post(app, ctx, API.tradeRelease, { body: tradeReleaseRequest, auth: signedIn }, ({ tx, input, auth }) =>
    trades.releaseTrade(tx, ctx, auth, input),
  );
  post(app, ctx, API.tradeAppeal, { body: tradeAppealRequest, auth: signedIn }, ({ tx, input, auth }) =>
    trades.appealTrade(tx, ctx, auth.user.id, input),
  );
  post(app, ctx, API.tradeDetail, { body: tradeIdRequest, auth: signedIn }, ({ tx, input, auth }) =>
    trades.tradeDetail(tx, ctx, auth.user.id, input.id),
  );
  post(app, ctx, API.tradeList, { body: tradeListRequest, auth: signedIn, readOnly: true }, ({ tx, input, auth }) =>
    trades.listTrades(tx, auth.user.id, input),
  );
}
