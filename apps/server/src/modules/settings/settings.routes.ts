import { ADMIN_API, API, emptyRequest, settingsSchema } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { noAuth, post } from '../../lib/http.js';
import { operatorAuth } from '../operators/operators.service.js';
import * as settings from './settings.service.js';

export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  post(app, ctx, API.config, { body: emptyRequest, auth: noAuth }, ({ tx }) =>
    settings.publicConfig(tx, ctx.config.publicUrl, ctx.settingsCache),
  );
  post(app, ctx, ADMIN_API.settingsGet, { body: emptyRequest, auth: operatorAuth(ctx) }, ({ tx }) =>
    settings.getSettings(tx, ctx.config.publicUrl),
  );
  post(app, ctx, ADMIN_API.settingsSave, { body: settingsSchema, auth: operatorAuth(ctx, ['owner']) }, ({ tx, input, auth }) =>
    settings.saveSettings(tx, ctx, auth.operator, input),
  );
}
