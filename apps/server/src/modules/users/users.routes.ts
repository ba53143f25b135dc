import {
  API,
  changePasswordRequest,
  emptyRequest,
  forgetRequest,
  loginRequest,
  registerRequest,
  saveUserInfoRequest,
  sendCodeRequest,
} from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { noAuth, post } from '../../lib/http.js';
import * as users from './users.service.js';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = users.userAuth(ctx);

  post(app, API.sendCode, { body: sendCodeRequest, auth: noAuth }, ({ input, lang, ip }) => users.sendCode(ctx, input, lang, ip));
  post(app, API.register, { body: registerRequest, auth: noAuth }, ({ input, lang, ip }) => users.register(ctx, input, lang, ip));
  post(app, API.login, { body: loginRequest, auth: noAuth }, ({ input, lang, ip }) => users.login(ctx, input, lang, ip));
  post(app, API.forget, { body: forgetRequest, auth: noAuth }, async ({ input, lang, ip }) => {
    await users.resetPassword(ctx, input, lang, ip);
  });
  post(app, API.logout, { body: emptyRequest, auth: signedIn }, async ({ auth }) => {
    await users.logout(ctx, auth);
  });
  post(app, API.changePassword, { body: changePasswordRequest, auth: signedIn }, async ({ auth, input, lang }) => {
    await users.changePassword(ctx, auth, input, lang);
  });
  post(app, API.getInfo, { body: emptyRequest, auth: signedIn }, async ({ auth }) => users.toUser(auth.user));
  post(app, API.saveInfo, { body: saveUserInfoRequest, auth: signedIn }, ({ auth, input }) =>
    users.saveNickname(ctx, auth, input.nickname),
  );
  post(app, API.getMoneyInfo, { body: emptyRequest, auth: signedIn }, ({ auth }) => users.getMoneyInfo(ctx, auth));
}
