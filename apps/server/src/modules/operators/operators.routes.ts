import {
  ADMIN_API,
  adminChangePasswordRequest,
  adminLoginRequest,
  emptyRequest,
  operatorCreateRequest,
  operatorIdRequest,
  pagingRequest,
} from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { deviceCookie, OPERATOR_DEVICES, trustedDevice } from '../../lib/device-cookie.js';
import { noAuth, post, postSteps, requestEnv } from '../../lib/http.js';
import * as operators from './operators.service.js';

export function registerOperatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const anyOperator = operators.operatorAuth(ctx);
  const owner = operators.operatorAuth(ctx, ['owner']);

  // the password check (argon2, tens of milliseconds) runs between two short transactions; a sign-in leaves the
  // browser a device cookie for the account
  postSteps(
    app,
    ctx,
    ADMIN_API.login,
    { body: adminLoginRequest, auth: noAuth },
    async ({ input, ip, log, cookies, setCookie }) => {
      const device = trustedDevice(ctx, OPERATOR_DEVICES, input.email, cookies);
      const attempt = await inTransaction(requestEnv(ctx, log), (tx) => operators.findLogin(tx, ctx, input.email, ip, device));
      const checked = await operators.checkLogin(ctx, attempt, input);
      const answer = await inTransaction(requestEnv(ctx, log), (tx) => operators.openLogin(tx, ctx, checked, ip, device));
      setCookie(deviceCookie(ctx, OPERATOR_DEVICES, input.email, cookies));
      return answer;
    },
  );
  post(app, ctx, ADMIN_API.me, { body: emptyRequest, auth: anyOperator }, async ({ auth }) =>
    operators.toOperator(auth.operator),
  );
  post(app, ctx, ADMIN_API.logout, { body: emptyRequest, auth: anyOperator }, ({ tx, auth }) => operators.logout(tx, ctx, auth));
  post(app, ctx, ADMIN_API.operatorList, { body: pagingRequest, auth: owner }, ({ tx, input }) =>
    operators.listOperators(tx, input.page, input.page_size),
  );
  post(app, ctx, ADMIN_API.operatorCreate, { body: operatorCreateRequest, auth: owner }, ({ tx, input, auth }) =>
    operators.createOperator(tx, ctx, auth.operator, input),
  );
  post(app, ctx, ADMIN_API.operatorDisable, { body: operatorIdRequest, auth: owner }, ({ tx, input, auth }) =>
    operators.disableOperator(tx, ctx, auth, input.id),
  );
  post(app, ctx, ADMIN_API.operatorEnable, { body: operatorIdRequest, auth: owner }, ({ tx, input, auth }) =>
    operators.enableOperator(tx, ctx, auth, input.id),
  );
  post(app, ctx, ADMIN_API.operatorResetTotp, { body: operatorIdRequest, auth: owner }, ({ tx, input, auth }) =>
    operators.resetOperatorTotp(tx, ctx, auth, input.id),
  );
  post(app, ctx, ADMIN_API.changePassword, { body: adminChangePasswordRequest, auth: anyOperator }, ({ tx, input, auth }) =>
    operators.changeOwnPassword(tx, ctx, auth, input),
  );
}
