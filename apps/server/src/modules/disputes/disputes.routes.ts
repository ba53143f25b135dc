import { ADMIN_API, adminTradeListRequest, tradeIdRequest, tradeMessageSendRequest, tradeResolveRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { sendAsOperator } from '../chat/chat.service.js';
import { MONEY_ROLES, operatorAuth } from '../operators/operators.service.js';
import * as disputes from './disputes.service.js';

/** Trades in the console: every operator lists, reads and writes in a disputed trade's chat; owner and finance decide. */
export function registerDisputeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const anyOperator = operatorAuth(ctx);
  post(app, ctx, ADMIN_API.tradeList, { body: adminTradeListRequest, auth: anyOperator }, ({ tx, input }) =>
    disputes.listTrades(tx, input),
  );
  post(app, ctx, ADMIN_API.tradeDetail, { body: tradeIdRequest, auth: anyOperator }, ({ tx, input }) =>
    disputes.tradeDetail(tx, input.id),
  );
  post(
    app,
    ctx,
    ADMIN_API.tradeResolve,
    { body: tradeResolveRequest, auth: operatorAuth(ctx, MONEY_ROLES) },
    ({ tx, input, auth }) => disputes.resolve(tx, ctx, auth.operator, input),
  );
  post(app, ctx, ADMIN_API.tradeMessageSend, { body: tradeMessageSendRequest, auth: anyOperator }, ({ tx, input, auth }) =>
    sendAsOperator(tx, ctx, auth.operator, input),
  );
}
