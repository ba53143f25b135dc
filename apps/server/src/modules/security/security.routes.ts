import { API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import { setAntiPhishingPhrase } from '../users/users.service.js';
import * as security from './security.service.js';

export function registerSecurityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  const caller = (auth: { user: { id: number }; sessionId: number }) => ({ userId: auth.user.id, sessionId: auth.sessionId });

  call(API.securitySessions, ({ tx, auth }) => security.listSessions(tx, ctx, caller(auth)));
  call(API.securitySessionEnd, ({ tx, auth, input }) => security.endSessions(tx, ctx, caller(auth), input));
  call(API.securitySessionEndLink, ({ tx, input }) => security.endByLink(tx, ctx, input.token));
  call(API.securityAntiPhishing, ({ tx, auth, input }) => setAntiPhishingPhrase(tx, auth, input.phrase));
}
