import { API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import * as twoFactor from './two-factor.service.js';

export function registerTwoFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  call(API.totpSetup, ({ tx, auth }) => twoFactor.setup(tx, ctx, auth));
  call(API.totpEnable, ({ tx, auth, input }) => twoFactor.enable(tx, ctx, auth, input.code));
  call(API.totpDisable, ({ tx, auth, input }) => twoFactor.disable(tx, ctx, auth, input.code));
}
