import { API, bankinfoCreateRequest, bankinfoDetailRequest, bankinfoListRequest, emptyRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { userAuth } from '../users/users.service.js';
import * as payouts from './payouts.service.js';

export function registerPayoutRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = userAuth(ctx);
  post(app, API.bankinfoCreate, { body: bankinfoCreateRequest, auth: signedIn }, ({ input, auth }) =>
    payouts.bindAccount(ctx, auth.user.id, input),
  );
  post(app, API.bankinfoList, { body: bankinfoListRequest, auth: signedIn }, ({ input, auth }) =>
    payouts.listOwn(ctx, auth.user.id, input.type),
  );
  post(app, API.bankinfoDetail, { body: bankinfoDetailRequest, auth: signedIn }, ({ input, auth }) =>
    payouts.detail(ctx, auth.user.id, input.bk_id, input.type),
  );
  post(app, API.bankinfoIsAdd, { body: emptyRequest, auth: signedIn }, ({ auth }) => payouts.isAdded(ctx, auth.user.id));
}
