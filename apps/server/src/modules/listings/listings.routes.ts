import { API, emptyRequest, sellingCancelRequest, sellingCreateRequest, sellingOrderRequest } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { post } from '../../lib/http.js';
import { userAuth } from '../users/users.service.js';
import * as listings from './listings.service.js';

/** Customers' sell listings and the Hall's summary and history. */
export function registerListingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signedIn = userAuth(ctx);
  post(app, ctx, API.sellingCreate, { body: sellingCreateRequest, auth: signedIn }, ({ tx, input, auth }) =>
    listings.createListing(tx, ctx, auth, input),
  );
  post(app, ctx, API.sellingCancel, { body: sellingCancelRequest, auth: signedIn }, ({ tx, input, auth }) =>
    listings.cancelListing(tx, ctx, auth.user.id, input.id),
  );
  // read-only: of the context it reads the clock alone
  post(app, ctx, API.sellingOrder, { body: sellingOrderRequest, auth: signedIn, readOnly: true }, ({ tx, input, auth }) =>
    listings.listListings(tx, ctx, auth.user.id, input),
  );
  post(app, ctx, API.sellingTongji, { body: emptyRequest, auth: signedIn }, ({ tx, auth }) => listings.tongji(tx, auth.user.id));
  post(app, ctx, API.sellingHistory, { body: emptyRequest, auth: signedIn, readOnly: true }, ({ tx }) => listings.history(tx));
}
