import { API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { callerOf, requestEnv } from '../../lib/http.js';
import { routesFor } from '../../routes.js';
import { userAuth } from '../users/users.service.js';
import * as assets from './assets.service.js';

export function registerAssetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  const signedIn = userAuth(ctx);
  call(API.assetLogList, ({ tx, input, auth }) => assets.listLog(tx, auth.user.id, input.page, input.page_size), {
    readOnly: true,
  });
  call(API.assetLogTongji, ({ tx, auth }) => assets.logSummary(tx, auth.user.id), { readOnly: true });
  call(API.propertyTongji, ({ tx, auth }) => assets.propertySummary(tx, auth.user.id), { readOnly: true });
  // The export answers a file, not the envelope; errors (code -1 included) still come as the envelope.
  app.post(API.assetLogExport, async (req, reply) => {
    const csv = await inTransaction(requestEnv(ctx, req.log), async (tx) => {
      const who = await signedIn(tx, callerOf(req));
      return assets.exportLog(tx, who.user.id);
    });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="asset-log-${ctx.clock.now().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
