import { ADMIN_API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import * as customers from './customers.service.js';

/** The console's customers: every operator finds and reads them; owner and finance freeze; only the owner unfreezes and corrects balances. */
export function registerCustomerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  call(ADMIN_API.userList, ({ tx, input }) => customers.listCustomers(tx, input));
  call(ADMIN_API.userDetail, ({ tx, input }) => customers.customerDetail(tx, ctx, input.id));
  call(ADMIN_API.userFreeze, ({ tx, input, auth }) => customers.freezeCustomer(tx, ctx, auth.operator, input));
  call(ADMIN_API.userUnfreeze, ({ tx, input, auth }) => customers.unfreezeCustomer(tx, ctx, auth.operator, input.id));
  call(ADMIN_API.userAdjust, ({ tx, input, auth }) => customers.adjustCustomer(tx, ctx, auth.operator, input));
}
