import { ADMIN_API, API, emptyRequest, pagingRequest, proofMineRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { noAuth, post, postSteps } from '../../lib/http.js';
import { operatorAuth } from '../operators/operators.service.js';
import { userAuth } from '../users/users.service.js';
import * as proof from './proof.service.js';
import { takeSnapshot } from './proof.steps.js';

/** Proof of liabilities: public roots, the customer's own path, the operators' list and on-demand snapshot (owner). */
export function registerProofRoutes(app: FastifyInstance, ctx: AppContext): void {
  post(app, ctx, API.proofRoots, { body: pagingRequest, auth: noAuth, readOnly: true }, ({ tx, input }) =>
    proof.listRoots(tx, input.page, input.page_size),
  );
  post(app, ctx, API.proofMine, { body: proofMineRequest, auth: userAuth(ctx) }, ({ tx, input, auth }) =>
    proof.proofOf(tx, auth.user.id, input.snapshot_id),
  );
  post(app, ctx, ADMIN_API.proofList, { body: pagingRequest, auth: operatorAuth(ctx) }, ({ tx, input }) =>
    proof.listForOperators(tx, input.page, input.page_size),
  );
  // many short transactions (proof.steps.ts), not one holding the write lock for the whole tree
  postSteps(app, ctx, ADMIN_API.proofSnapshot, { body: emptyRequest, auth: operatorAuth(ctx, ['owner']) }, ({ auth }) =>
    takeSnapshot(ctx, auth.operator, ctx.clock.now()),
  );
}
