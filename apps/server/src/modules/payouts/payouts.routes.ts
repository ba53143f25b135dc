import {
  API,
  bankinfoCreateRequest,
  bankinfoDeleteRequest,
  bankinfoDetailRequest,
  bankinfoListRequest,
  bankinfoUpdateRequest,
  emptyRequest,
} from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { requireSecondFactor } from '../two-factor/two-factor.service.js';
import { userAuth } from '../users/users.service.js';
import * as payouts from './payouts.service.js';

export function registerPayoutRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = userAuth(ctx);
  post(app, ctx, API.bankinfoCreate, { body: bankinfoCreateRequest, auth: signedIn }, async ({ tx, input, auth }) => {
    const { totp, ...account } = input;
    await requireSecondFactor(tx, ctx, auth.user, totp);
    return payouts.bindAccount(tx, ctx, auth.user.id, account);
  });
  post(app, ctx, API.bankinfoList, { body: bankinfoListRequest, auth: signedIn, readOnly: true }, ({ tx, input, auth }) =>
    payouts.listOwn(tx, auth.user.id, input.type),
  );
  post(app, ctx, API.bankinfoDetail, { body: bankinfoDetailRequest, auth: signedIn }, ({ tx, input, auth }) =>
    payouts.detail(tx, auth.user.id, input.bk_id, input.type),
  );
  post(app, ctx, API.bankinfoUpdate, { body: bankinfoUpdateRequest, auth: signedIn }, async ({ tx, input, auth }) => {
    const { totp, ...account } = input;
    await requireSecondFactor(tx, ctx, auth.user, totp);
    return payouts.updateAccount(tx, ctx, auth.user.id, account);
  });
  post(app, ctx, API.bankinfoDelete, { body: bankinfoDeleteRequest, auth: signedIn }, async ({ tx, input, auth }) => {
    await requireSecondFactor(tx, ctx, auth.user, input.totp);
    return payouts.removeAccount(tx, ctx, auth.user.id, input.bk_id);
  });
  post(app, ctx, API.bankinfoIsAdd, { body: emptyRequest, auth: signedIn }, ({ tx, auth }) => payouts.isAdded(tx, auth.user.id));
}
