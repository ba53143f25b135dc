import { ADMIN_API, userAdjustRequest, userFreezeRequest, userIdRequest, userListRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { MONEY_ROLES, operatorAuth } from '../operators/operators.service.js';
import * as customers from './customers.service.js';

/** The console's customers: every operator finds and reads them; owner and finance freeze; only the owner unfreezes and corrects balances. */
export function registerCustomerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const anyOperator = operatorAuth(ctx);
  const money = operatorAuth(ctx, MONEY_ROLES);
  const owner = operatorAuth(ctx, ['owner']);
  post(app, ctx, ADMIN_API.userList, { body: userListRequest, auth: anyOperator }, ({ tx, input }) =>
    customers.listCustomers(tx, input),
  );
  post(app, ctx, ADMIN_API.userDetail, { body: userIdRequest, auth: anyOperator }, ({ tx, input }) =>
    customers.customerDetail(tx, ctx, input.id),
  );
  post(app, ctx, ADMIN_API.userFreeze, { body: userFreezeRequest, auth: money }, ({ tx, input, auth }) =>
    customers.freezeCustomer(tx, ctx, auth.operator, input),
  );
  post(app, ctx, ADMIN_API.userUnfreeze, { body: userIdRequest, auth: owner }, ({ tx, input, auth }) =>
    customers.unfreezeCustomer(tx, ctx, auth.operator, input.id),
  );
  post(app, ctx, ADMIN_API.userAdjust, { body: userAdjustRequest, auth: owner }, ({ tx, input, auth }) =>
    customers.adjustCustomer(tx, ctx, auth.operator, input),
  );
}
