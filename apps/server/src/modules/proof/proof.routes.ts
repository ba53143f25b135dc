import { ADMIN_API, API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import * as proof from './proof.service.js';
import { takeSnapshot } from './proof.steps.js';

/** Proof of liabilities: public roots, the customer's own path, the operators' list and on-demand snapshot (owner). */
export function registerProofRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call, steps } = routesFor(app, ctx);
  call(API.proofRoots, ({ tx, input }) => proof.listRoots(tx, input.page, input.page_size), { readOnly: true });
  call(API.proofMine, ({ tx, input, auth }) => proof.proofOf(tx, auth.user.id, input.snapshot_id));
  call(ADMIN_API.proofList, ({ tx, input }) => proof.listForOperators(tx, input.page, input.page_size));
  // many short transactions (proof.steps.ts), not one holding the write lock for the whole tree
  steps(ADMIN_API.proofSnapshot, ({ auth }) => takeSnapshot(ctx, auth.operator, ctx.clock.now()));
}
