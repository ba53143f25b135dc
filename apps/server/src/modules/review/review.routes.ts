import { rejectRequest, reviewListRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { saleQueue } from '../merchants/merchants.service.js';
import { MONEY_ROLES, operatorAuth } from '../operators/operators.service.js';
import { rechargeQueue } from '../recharge/recharge.service.js';
import { withdrawalQueue } from '../withdrawals/withdrawals.service.js';
import { type AnyReviewQueue, approve, listForOperators, reject } from './review.service.js';

/** Every operator review queue; a new queue is its descriptor plus one line here. */
const REVIEW_QUEUES: readonly AnyReviewQueue[] = [rechargeQueue, withdrawalQueue, saleQueue];

/** Binds a queue's console calls: any operator lists it; owner and finance decide. */
export function registerReviewQueue(app: FastifyInstance, ctx: AppContext, queue: AnyReviewQueue): void {
  const money = operatorAuth(ctx, MONEY_ROLES);
  post(app, ctx, queue.paths.list, { body: reviewListRequest, auth: operatorAuth(ctx) }, ({ tx, input }) =>
    listForOperators(tx, queue, input),
  );
  post(app, ctx, queue.paths.approve, { body: queue.approveBody, auth: money }, ({ tx, input, auth }) =>
    approve(tx, ctx, queue, auth.operator, input),
  );
  post(app, ctx, queue.paths.reject, { body: rejectRequest, auth: money }, ({ tx, input, auth }) =>
    reject(tx, ctx, queue, auth.operator, input.id, input.reason),
  );
}

export function registerReviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const queue of REVIEW_QUEUES) registerReviewQueue(app, ctx, queue);
}
