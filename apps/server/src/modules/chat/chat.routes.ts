import { API, emptyRequest, tradeMessageListRequest, tradeMessageSendRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { userAuth } from '../users/users.service.js';
import * as chat from './chat.service.js';

/** The customers' trade chat and the Orders tab's badge; the operator's chat call is in the disputes module. */
export function registerChatRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = userAuth(ctx);
  post(app, ctx, API.tradeUnread, { body: emptyRequest, auth: signedIn }, ({ tx, auth }) => chat.unread(tx, auth));
  post(app, ctx, API.tradeMessageList, { body: tradeMessageListRequest, auth: signedIn }, ({ tx, input, auth }) =>
    chat.listForCustomer(tx, auth, input),
  );
  post(app, ctx, API.tradeMessageSend, { body: tradeMessageSendRequest, auth: signedIn }, ({ tx, input, auth }) =>
    chat.sendAsCustomer(tx, ctx, auth, input),
  );
}
