import { ADMIN_API, inviteCodeCreateRequest, inviteCodeUpdateRequest, pagingRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { record } from '../audit/audit.service.js';
import { operatorAuth } from '../operators/operators.service.js';
import * as invites from './invites.service.js';

export function registerInviteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const owner = operatorAuth(ctx, ['owner']);
  post(app, ADMIN_API.inviteCodeList, { body: pagingRequest, auth: operatorAuth(ctx) }, ({ input }) =>
    invites.listHouseCodes(ctx.db, input.page, input.page_size),
  );
  post(app, ADMIN_API.inviteCodeCreate, { body: inviteCodeCreateRequest, auth: owner }, ({ input, auth }) =>
    ctx.db.transaction().execute(async (tx) => {
      const now = ctx.clock.now();
      const code = await invites.createHouseCode(tx, input.code, now);
      await record(tx, ctx.database.dialect, {
        actor: auth.operator,
        action: 'invite_code.create',
        target: `invite_code:${input.code}`,
        now,
      });
      return code;
    }),
  );
  post(app, ADMIN_API.inviteCodeUpdate, { body: inviteCodeUpdateRequest, auth: owner }, ({ input, auth }) =>
    ctx.db.transaction().execute(async (tx) => {
      const now = ctx.clock.now();
      await invites.setHouseCodeActive(tx, input.code, input.active);
      await record(tx, ctx.database.dialect, {
        actor: auth.operator,
        action: input.active ? 'invite_code.activate' : 'invite_code.deactivate',
        target: `invite_code:${input.code}`,
        now,
      });
      return { code: input.code, active: input.active };
    }),
  );
}
