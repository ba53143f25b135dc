import { ADMIN_API, API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import * as vip from './vip.service.js';

export function registerVipRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  call(API.vipInfo, ({ tx, auth }) => vip.vipInfo(tx, ctx, auth.user.id));
  call(ADMIN_API.vipGet, ({ tx }) => vip.getLevels(tx));
  call(ADMIN_API.vipSave, ({ tx, input, auth }) => vip.saveLevels(tx, ctx, auth.operator, input.levels));
  call(ADMIN_API.userSetVip, ({ tx, input, auth }) => vip.setOverride(tx, ctx, auth.operator, input));
}
