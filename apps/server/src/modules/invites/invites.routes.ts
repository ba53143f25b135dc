import { ADMIN_API, API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import * as invites from './invites.service.js';

export function registerInviteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  call(ADMIN_API.inviteCodeList, ({ tx, input }) => invites.listHouseCodes(tx, input.page, input.page_size));
  call(ADMIN_API.inviteCodeCreate, ({ tx, input, auth }) => invites.createHouseCode(tx, ctx, auth.operator, input.code));
  call(ADMIN_API.inviteCodeUpdate, ({ tx, input, auth }) =>
    invites.setHouseCodeActive(tx, ctx, auth.operator, input.code, input.active),
  );
  // the team and the invitation
  call(API.teamTongji, ({ tx, auth }) => invites.teamTongji(tx, auth.user.id), { readOnly: true });
  call(API.teamList, ({ tx, input, auth }) => invites.teamList(tx, auth.user.id, input.level, input.page, input.page_size), {
    readOnly: true,
  });
  call(API.inviteDetail, ({ tx, auth }) => invites.inviteDetail(tx, ctx, auth.user.invite_code));
}
