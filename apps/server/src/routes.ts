import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { type Routes, routesOn } from './lib/http.js';
import { type CurrentOperator, operatorAuth } from './modules/operators/operators.service.js';
import { type CurrentUser, userAuth } from './modules/users/users.service.js';

/** The calls of the contract, bound on `app`: a customer call signs the customer in, an operator call the operator. */
export type AppRoutes = Routes<CurrentUser, CurrentOperator>;

export const routesFor = (app: FastifyInstance, ctx: AppContext): AppRoutes =>
  routesOn(app, ctx, { customer: userAuth(ctx), operator: (roles) => operatorAuth(ctx, roles) });
