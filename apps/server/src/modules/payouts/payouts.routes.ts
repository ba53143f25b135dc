import { API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import { requireSecondFactor } from '../two-factor/two-factor.service.js';
import * as payouts from './payouts.service.js';

export function registerPayoutRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  call(API.bankinfoCreate, async ({ tx, input, auth }) => {
    const { totp, ...account } = input;
    await requireSecondFactor(tx, ctx, auth.user, totp);
    return payouts.bindAccount(tx, ctx, auth.user.id, account);
  });
  call(API.bankinfoList, ({ tx, input, auth }) => payouts.listOwn(tx, auth.user.id, input.type), { readOnly: true });
  call(API.bankinfoDetail, ({ tx, input, auth }) => payouts.detail(tx, auth.user.id, input.bk_id, input.type));
  call(API.bankinfoUpdate, async ({ tx, input, auth }) => {
    const { totp, ...account } = input;
    await requireSecondFactor(tx, ctx, auth.user, totp);
    return payouts.updateAccount(tx, ctx, auth.user.id, account);
  });
  call(API.bankinfoDelete, async ({ tx, input, auth }) => {
    await requireSecondFactor(tx, ctx, auth.user, input.totp);
    return payouts.removeAccount(tx, ctx, auth.user.id, input.bk_id);
  });
  call(API.bankinfoIsAdd, ({ tx, auth }) => payouts.isAdded(tx, auth.user.id));
}
