import { ADMIN_API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import * as audit from './audit.service.js';

export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  call(ADMIN_API.auditList, ({ tx, input }) => audit.list(tx, input.keyword, input.page, input.page_size));
  call(ADMIN_API.auditVerify, ({ tx, input }) => audit.verifyChain(tx, ctx.auditKey, input.checkpoint));
  call(ADMIN_API.auditCheckpoint, ({ tx }) => audit.checkpoint(tx));
}
