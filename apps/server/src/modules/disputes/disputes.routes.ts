import { ADMIN_API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import { sendAsOperator } from '../chat/chat.service.js';
import * as disputes from './disputes.service.js';

/** Trades in the console: every operator lists, reads and writes in a disputed trade's chat; owner and finance decide. */
export function registerDisputeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  call(ADMIN_API.tradeList, ({ tx, input }) => disputes.listTrades(tx, input));
  call(ADMIN_API.tradeDetail, ({ tx, input }) => disputes.tradeDetail(tx, input.id));
  call(ADMIN_API.tradeResolve, ({ tx, input, auth }) => disputes.resolve(tx, ctx, auth.operator, input));
  call(ADMIN_API.tradeMessageSend, ({ tx, input, auth }) => sendAsOperator(tx, ctx, auth.operator, input));
}
