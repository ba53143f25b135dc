import { ADMIN_API, inviteCodeCreateRequest, inviteCodeUpdateRequest, pagingRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { operatorAuth } from '../operators/operators.service.js';
import * as invites from './invites.service.js';

export function registerInviteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const owner = operatorAuth(ctx, ['owner']);
  post(app, ctx, ADMIN_API.inviteCodeList, { body: pagingRequest, auth: operatorAuth(ctx) }, ({ tx, input }) =>
    invites.listHouseCodes(tx, input.page, input.page_size),
  );
  post(app, ctx, ADMIN_API.inviteCodeCreate, { body: inviteCodeCreateRequest, auth: owner }, ({ tx, input, auth }) =>
    invites.createHouseCode(tx, ctx, auth.operator, input.code),
  );
  post(app, ctx, ADMIN_API.inviteCodeUpdate, { body: inviteCodeUpdateRequest, auth: owner }, ({ tx, input, auth }) =>
    invites.setHouseCodeActive(tx, ctx, auth.operator, input.code, input.active),
  );
}
