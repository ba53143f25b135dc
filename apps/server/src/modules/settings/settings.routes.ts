import { ADMIN_API, API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import * as settings from './settings.service.js';

export function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  call(API.config, ({ tx }) => settings.publicConfig(tx, ctx.config.publicUrl, ctx.settingsCache));
  call(ADMIN_API.settingsGet, ({ tx }) => settings.getSettings(tx, ctx.config.publicUrl));
  call(ADMIN_API.settingsSave, ({ tx, input, auth }) => settings.saveSettings(tx, ctx, auth.operator, input));
}
