import { ADMIN_API, auditListRequest, auditVerifyRequest, emptyRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { operatorAuth } from '../operators/operators.service.js';
import * as audit from './audit.service.js';

export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const anyOperator = operatorAuth(ctx);
  post(app, ctx, ADMIN_API.auditList, { body: auditListRequest, auth: anyOperator }, ({ tx, input }) =>
    audit.list(tx, input.keyword, input.page, input.page_size),
  );
  post(app, ctx, ADMIN_API.auditVerify, { body: auditVerifyRequest, auth: anyOperator }, ({ tx, input }) =>
    audit.verifyChain(tx, ctx.auditKey, input.checkpoint),
  );
  post(app, ctx, ADMIN_API.auditCheckpoint, { body: emptyRequest, auth: operatorAuth(ctx, ['owner']) }, ({ tx }) =>
    audit.checkpoint(tx),
  );
}
