import { API, emptyRequest, pagingRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { userAuth } from '../users/users.service.js';
import * as assets from './assets.service.js';

export function registerAssetRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = userAuth(ctx);
  post(app, API.assetLogList, { body: pagingRequest, auth: signedIn }, ({ input, auth }) =>
    assets.listLog(ctx, auth.user.id, input.page, input.page_size),
  );
  post(app, API.assetLogTongji, { body: emptyRequest, auth: signedIn }, ({ auth }) => assets.logSummary(ctx, auth.user.id));
  post(app, API.propertyTongji, { body: emptyRequest, auth: signedIn }, ({ auth }) => assets.propertySummary(ctx, auth.user.id));
  // The export answers a file, not the envelope; errors (code -1 included) still come as the envelope.
  app.post(API.assetLogExport, async (req, reply) => {
    const who = await signedIn(req);
    const csv = await assets.exportLog(ctx, who.user.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="asset-log-${ctx.clock.now().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
