import { ADMIN_API, API, emptyRequest, userSetVipRequest, vipSaveRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { operatorAuth } from '../operators/operators.service.js';
import { userAuth } from '../users/users.service.js';
import * as vip from './vip.service.js';

export function registerVipRoutes(app: FastifyInstance, ctx: AppContext): void {
  post(app, ctx, API.vipInfo, { body: emptyRequest, auth: userAuth(ctx) }, ({ tx, auth }) => vip.vipInfo(tx, ctx, auth.user.id));
  post(app, ctx, ADMIN_API.vipGet, { body: emptyRequest, auth: operatorAuth(ctx) }, ({ tx }) => vip.getLevels(tx));
  post(app, ctx, ADMIN_API.vipSave, { body: vipSaveRequest, auth: operatorAuth(ctx, ['owner']) }, ({ tx, input, auth }) =>
    vip.saveLevels(tx, ctx, auth.operator, input.levels),
  );
  post(app, ctx, ADMIN_API.userSetVip, { body: userSetVipRequest, auth: operatorAuth(ctx, ['owner']) }, ({ tx, input, auth }) =>
    vip.setOverride(tx, ctx, auth.operator, input),
  );
}
