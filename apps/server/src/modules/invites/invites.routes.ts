import {
  ADMIN_API,
  API,
  emptyRequest,
  inviteCodeCreateRequest,
  inviteCodeUpdateRequest,
  pagingRequest,
  teamListRequest,
} from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { operatorAuth } from '../operators/operators.service.js';
import { userAuth } from '../users/users.service.js';
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
  // the team and the invitation
  const signedIn = userAuth(ctx);
  post(app, ctx, API.teamTongji, { body: emptyRequest, auth: signedIn, readOnly: true }, ({ tx, auth }) =>
    invites.teamTongji(tx, auth.user.id),
  );
  post(app, ctx, API.teamList, { body: teamListRequest, auth: signedIn, readOnly: true }, ({ tx, input, auth }) =>
    invites.teamList(tx, auth.user.id, input.level, input.page, input.page_size),
  );
  post(app, ctx, API.inviteDetail, { body: emptyRequest, auth: signedIn }, ({ tx, auth }) =>
    invites.inviteDetail(tx, ctx, auth.user.invite_code),
  );
}
