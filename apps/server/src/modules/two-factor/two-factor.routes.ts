import { API, emptyRequest, totpDisableRequest, totpEnableRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { userAuth } from '../users/users.service.js';
import * as twoFactor from './two-factor.service.js';

export function registerTwoFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = userAuth(ctx);
  post(app, ctx, API.totpSetup, { body: emptyRequest, auth: signedIn }, ({ tx, auth }) => twoFactor.setup(tx, ctx, auth));
  post(app, ctx, API.totpEnable, { body: totpEnableRequest, auth: signedIn }, ({ tx, auth, input }) =>
    twoFactor.enable(tx, ctx, auth, input.code),
  );
  post(app, ctx, API.totpDisable, { body: totpDisableRequest, auth: signedIn }, ({ tx, auth, input }) =>
    twoFactor.disable(tx, ctx, auth, input.code),
  );
}
