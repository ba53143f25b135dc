import { ADMIN_API, API, emptyRequest, settingsSchema } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { noAuth, post } from '../../lib/http.js';
import { record } from '../audit/audit.service.js';
import { operatorAuth } from '../operators/operators.service.js';
import * as settings from './settings.service.js';

export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  post(app, API.config, { body: emptyRequest, auth: noAuth }, () => settings.publicConfig(ctx.db, ctx.config.publicUrl));

  post(app, ADMIN_API.settingsGet, { body: emptyRequest, auth: operatorAuth(ctx) }, () =>
    settings.getSettings(ctx.db, ctx.config.publicUrl),
  );
  post(app, ADMIN_API.settingsSave, { body: settingsSchema, auth: operatorAuth(ctx, ['owner']) }, ({ input, auth }) =>
    ctx.db.transaction().execute(async (tx) => {
      const before = await settings.getSettings(tx, ctx.config.publicUrl);
      await settings.saveSettings(tx, input);
      const changed = Object.fromEntries(
        (Object.keys(input) as (keyof typeof input)[])
          .filter((k) => before[k] !== input[k])
          .map((k) => [k, { from: before[k], to: input[k] }]),
      );
      await record(tx, ctx.database.dialect, {
        actor: auth.operator,
        action: 'settings.save',
        target: 'settings',
        detail: changed,
        now: ctx.clock.now(),
      });
      return settings.getSettings(tx, ctx.config.publicUrl);
    }),
  );
}
