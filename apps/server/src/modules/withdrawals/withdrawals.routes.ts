import {
  ADMIN_API,
  API,
  pagingRequest,
  rejectRequest,
  reviewListRequest,
  withdrawApproveRequest,
  withdrawCreateRequest,
} from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { MONEY_ROLES, operatorAuth } from '../operators/operators.service.js';
import { userAuth } from '../users/users.service.js';
import * as withdrawals from './withdrawals.service.js';

export function registerWithdrawalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = userAuth(ctx);
  const money = operatorAuth(ctx, MONEY_ROLES);
  post(app, API.withdrawCreate, { body: withdrawCreateRequest, auth: signedIn }, ({ input, auth }) =>
    withdrawals.createWithdrawal(ctx, auth, input),
  );
  post(app, API.withdrawList, { body: pagingRequest, auth: signedIn }, ({ input, auth }) =>
    withdrawals.listOwn(ctx, auth.user.id, input.page, input.page_size),
  );
  post(app, ADMIN_API.withdrawList, { body: reviewListRequest, auth: operatorAuth(ctx) }, ({ input }) =>
    withdrawals.listForOperators(ctx, input, input.page, input.page_size),
  );
  post(app, ADMIN_API.withdrawApprove, { body: withdrawApproveRequest, auth: money }, ({ input, auth }) =>
    withdrawals.approve(ctx, auth.operator, input.id, input.reference),
  );
  post(app, ADMIN_API.withdrawReject, { body: rejectRequest, auth: money }, ({ input, auth }) =>
    withdrawals.reject(ctx, auth.operator, input.id, input.reason),
  );
}
