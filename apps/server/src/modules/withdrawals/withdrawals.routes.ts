import { ADMIN_API, API, approveRequest, pagingRequest, withdrawCreateRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { MONEY_ROLES, operatorAuth } from '../operators/operators.service.js';
import { userAuth } from '../users/users.service.js';
import * as withdrawals from './withdrawals.service.js';

/** Customer calls and the audited payout reveal; the review calls come from the withdrawal queue (review module). */
export function registerWithdrawalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = userAuth(ctx);
  post(app, ctx, API.withdrawCreate, { body: withdrawCreateRequest, auth: signedIn }, ({ tx, input, auth }) =>
    withdrawals.createWithdrawal(tx, ctx, auth, input),
  );
  post(app, ctx, API.withdrawList, { body: pagingRequest, auth: signedIn, readOnly: true }, ({ tx, input, auth }) =>
    withdrawals.listOwn(tx, auth.user.id, input.page, input.page_size),
  );
  post(
    app,
    ctx,
    ADMIN_API.withdrawReveal,
    { body: approveRequest, auth: operatorAuth(ctx, MONEY_ROLES) },
    ({ tx, input, auth }) => withdrawals.revealPayout(tx, ctx, auth.operator, input.id),
  );
}
