import { ADMIN_API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { deviceCookie, OPERATOR_DEVICES, trustedDevice } from '../../lib/device-cookie.js';
import { requestEnv } from '../../lib/http.js';
import { routesFor } from '../../routes.js';
import * as operators from './operators.service.js';

export function registerOperatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call, steps } = routesFor(app, ctx);

  // the password check (argon2, tens of milliseconds) runs between two short transactions; a sign-in leaves the
  // browser a device cookie for the account
  steps(ADMIN_API.login, async ({ input, ip, log, cookies, setCookie }) => {
    const device = trustedDevice(ctx, OPERATOR_DEVICES, input.email, cookies);
    const attempt = await inTransaction(requestEnv(ctx, log), (tx) =>
      operators.findLogin(tx, ctx, { email: input.email, ip, device }),
    );
    const checked = await operators.checkLogin(ctx, attempt, input);
    const answer = await inTransaction(requestEnv(ctx, log), (tx) => operators.openLogin(tx, ctx, checked, ip, device));
    setCookie(deviceCookie(ctx, OPERATOR_DEVICES, input.email, cookies));
    return answer;
  });
  call(ADMIN_API.me, async ({ auth }) => operators.toOperator(auth.operator));
  call(ADMIN_API.logout, ({ tx, auth }) => operators.logout(tx, ctx, auth));
  call(ADMIN_API.operatorList, ({ tx, input }) => operators.listOperators(tx, input.page, input.page_size));
  call(ADMIN_API.operatorCreate, ({ tx, input, auth }) => operators.createOperator(tx, ctx, auth.operator, input));
  call(ADMIN_API.operatorDisable, ({ tx, input, auth }) => operators.disableOperator(tx, ctx, auth, input.id));
  call(ADMIN_API.operatorEnable, ({ tx, input, auth }) => operators.enableOperator(tx, ctx, auth, input.id));
  call(ADMIN_API.operatorResetTotp, ({ tx, input, auth }) => operators.resetOperatorTotp(tx, ctx, auth, input.id));
  call(ADMIN_API.changePassword, ({ tx, input, auth }) => operators.changeOwnPassword(tx, ctx, auth, input));
}
