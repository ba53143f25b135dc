import { ADMIN_API, API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import * as withdrawals from './withdrawals.service.js';

/** Customer calls and the audited payout reveal; the review calls come from the withdrawal queue (review module). */
export function registerWithdrawalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  call(API.withdrawCreate, ({ tx, input, auth }) => withdrawals.createWithdrawal(tx, ctx, auth, input));
  call(API.withdrawList, ({ tx, input, auth }) => withdrawals.listOwn(tx, auth.user.id, input.page, input.page_size), {
    readOnly: true,
  });
  call(ADMIN_API.withdrawReveal, ({ tx, input, auth }) => withdrawals.revealPayout(tx, ctx, auth.operator, input.id));
}
