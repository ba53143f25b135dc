import { API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import * as chat from './chat.service.js';

/** The customers' trade chat and the Orders tab's badge; the operator's chat call is in the disputes module. */
export function registerChatRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  call(API.tradeUnread, ({ tx, auth }) => chat.unread(tx, auth));
  call(API.tradeMessageList, ({ tx, input, auth }) => chat.listForCustomer(tx, auth, input));
  call(API.tradeMessageSend, ({ tx, input, auth }) => chat.sendAsCustomer(tx, ctx, auth, input));
}
