import { API } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { routesFor } from '../../routes.js';
import * as listings from './listings.service.js';

/** Customers' sell listings and the Hall's summary and history. */
export function registerListingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { call } = routesFor(app, ctx);
  call(API.sellingCreate, ({ tx, input, auth }) => listings.createListing(tx, ctx, auth, input));
  call(API.sellingCancel, ({ tx, input, auth }) => listings.cancelListing(tx, ctx, auth.user.id, input.id));
  // read-only: of the context it reads the clock alone
  call(API.sellingOrder, ({ tx, input, auth }) => listings.listListings(tx, ctx, auth.user.id, input), { readOnly: true });
  call(API.sellingTongji, ({ tx, auth }) => listings.tongji(tx, auth.user.id));
  call(API.sellingHistory, ({ tx }) => listings.history(tx), { readOnly: true });
}
