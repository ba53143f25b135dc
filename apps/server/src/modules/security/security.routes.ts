import { API, antiPhishingRequest, emptyRequest, sessionEndLinkRequest, sessionEndRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { noAuth, post } from '../../lib/http.js';
import { setAntiPhishingPhrase, userAuth } from '../users/users.service.js';
import * as security from './security.service.js';

export function registerSecurityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = userAuth(ctx);
  const caller = (auth: { user: { id: number }; sessionId: number }) => ({ userId: auth.user.id, sessionId: auth.sessionId });

  post(app, ctx, API.securitySessions, { body: emptyRequest, auth: signedIn }, ({ tx, auth }) =>
    security.listSessions(tx, ctx, caller(auth)),
  );
  post(app, ctx, API.securitySessionEnd, { body: sessionEndRequest, auth: signedIn }, ({ tx, auth, input }) =>
    security.endSessions(tx, ctx, caller(auth), input),
  );
  post(app, ctx, API.securitySessionEndLink, { body: sessionEndLinkRequest, auth: noAuth }, ({ tx, input }) =>
    security.endByLink(tx, ctx, input.token),
  );
  post(app, ctx, API.securityAntiPhishing, { body: antiPhishingRequest, auth: signedIn }, ({ tx, auth, input }) =>
    setAntiPhishingPhrase(tx, auth, input.phrase),
  );
}
