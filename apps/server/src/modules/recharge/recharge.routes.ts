import {
  ADMIN_API,
  API,
  addressCreateRequest,
  addressUpdateRequest,
  approveRequest,
  pagingRequest,
  receivingAddressRequest,
  rechargeCreateRequest,
  rejectRequest,
  reviewListRequest,
} from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { MONEY_ROLES, operatorAuth } from '../operators/operators.service.js';
import { userAuth } from '../users/users.service.js';
import * as recharge from './recharge.service.js';

export function registerRechargeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = userAuth(ctx);
  const anyOperator = operatorAuth(ctx);
  const money = operatorAuth(ctx, MONEY_ROLES);

  post(app, API.rechargeAddress, { body: receivingAddressRequest, auth: signedIn }, ({ input }) =>
    recharge.receivingAddress(ctx, input.type),
  );
  post(app, API.rechargeCreate, { body: rechargeCreateRequest, auth: signedIn }, ({ input, auth }) =>
    recharge.createRecharge(ctx, auth.user.id, input),
  );
  post(app, API.rechargeList, { body: pagingRequest, auth: signedIn }, ({ input, auth }) =>
    recharge.listOwn(ctx, auth.user.id, input.page, input.page_size),
  );

  post(app, ADMIN_API.rechargeList, { body: reviewListRequest, auth: anyOperator }, ({ input }) =>
    recharge.listForOperators(ctx, input, input.page, input.page_size),
  );
  post(app, ADMIN_API.rechargeApprove, { body: approveRequest, auth: money }, ({ input, auth }) =>
    recharge.approve(ctx, auth.operator, input.id),
  );
  post(app, ADMIN_API.rechargeReject, { body: rejectRequest, auth: money }, ({ input, auth }) =>
    recharge.reject(ctx, auth.operator, input.id, input.reason),
  );
  post(app, ADMIN_API.addressList, { body: pagingRequest, auth: anyOperator }, ({ input }) =>
    recharge.listAddresses(ctx, input.page, input.page_size),
  );
  post(app, ADMIN_API.addressCreate, { body: addressCreateRequest, auth: money }, ({ input, auth }) =>
    recharge.createAddress(ctx, auth.operator, input),
  );
  post(app, ADMIN_API.addressUpdate, { body: addressUpdateRequest, auth: money }, ({ input, auth }) =>
    recharge.updateAddress(ctx, auth.operator, input),
  );
}
