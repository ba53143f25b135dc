import { API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { CUSTOMER_DEVICES, deviceCookie, trustedDevice } from '../../lib/device-cookie.js';
import { requestEnv } from '../../lib/http.js';
import { routesFor } from '../../routes.js';
import { requireSecondFactor } from '../two-factor/two-factor.service.js';
import * as users from './users.service.js';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call, steps } = routesFor(app, ctx);

  call(API.sendCode, ({ tx, input, lang, ip }) => users.sendCode(tx, ctx, input, lang, ip));
  // password hashing (tens of milliseconds) runs before the transaction opens; each way in that proves the account
  // (sign-up, sign-in, a reset with the mailed code) leaves the browser a device cookie for it
  steps(API.register, async ({ input, lang, ip, userAgent, log, cookies, setCookie }) => {
    const passwordHash = await users.prepareRegistration(ctx, input.password, ip);
    const answer = await inTransaction(requestEnv(ctx, log), (tx) =>
      users.register(tx, ctx, input, passwordHash, lang, { ip, userAgent }),
    );
    setCookie(deviceCookie(ctx, CUSTOMER_DEVICES, input.email, cookies));
    return answer;
  });
  steps(API.login, async ({ input, lang, ip, userAgent, log, cookies, setCookie }) => {
    const device = trustedDevice(ctx, CUSTOMER_DEVICES, input.email, cookies);
    const attempt = await inTransaction(requestEnv(ctx, log), (tx) =>
      users.findLogin(tx, ctx, { email: input.email, ip, device }),
    );
    const user = await users.checkLogin(attempt, input);
    const answer = await inTransaction(requestEnv(ctx, log), async (tx) => {
      await requireSecondFactor(tx, ctx, user, input.totp);
      return users.openLogin(tx, ctx, user, lang, { ip, userAgent }, device);
    });
    setCookie(deviceCookie(ctx, CUSTOMER_DEVICES, input.email, cookies));
    return answer;
  });
  steps(API.forget, async ({ input, ip, log, cookies, setCookie }) => {
    const passwordHash = await users.prepareReset(ctx, input.password, ip);
    await inTransaction(requestEnv(ctx, log), (tx) => users.resetPassword(tx, ctx, input, passwordHash));
    setCookie(deviceCookie(ctx, CUSTOMER_DEVICES, input.email, cookies));
  });
  call(API.logout, ({ tx, auth }) => users.logout(tx, ctx, auth));
  call(API.changePassword, ({ tx, auth, input }) => users.changePassword(tx, ctx, auth, input));
  // read-only: of the context it reads the clock alone
  call(API.getInfo, ({ tx, auth }) => users.currentUser(tx, ctx, auth), { readOnly: true });
  call(API.saveInfo, async ({ tx, auth, input }) =>
    users.currentUser(tx, ctx, { ...auth, user: await users.saveNickname(tx, auth, input.nickname) }),
  );
  call(API.setLang, ({ tx, auth, input }) => users.setLang(tx, ctx, auth, input.lang));
  call(API.getMoneyInfo, ({ tx, auth }) => users.getMoneyInfo(tx, auth), { readOnly: true });
}
