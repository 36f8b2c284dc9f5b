/**
 * Typed handler maps (ARCHITECTURE §4): a service declares, per area, one handler for each route of
 * the area's table, by route id; `bindRoutes` registers them by NATS subject. The map is a constant
 * (handlers receive their dependencies as an argument), so tests can list it without a database; a
 * missing or extra handler is a compile error, and `bindRoutes` checks the same at start.
 */
import type { AnyRoute, RouteDefinition, RouteRequest } from '@ncs/contracts';
import type { HandlerContext, RpcHandler } from './rpc-server.js';

/** The handler of route `R`: its validated request, typed from the route's schemas, and `deps`. */
export type RouteHandler<R, D> = (
  request: RouteRequest<R>,
  deps: D,
  handlerContext: HandlerContext,
) => Promise<unknown>;

/**
 * The validated request of the route with id `Id`, for domain functions that take a route's body
 * or query: `createCategory(…, body: RequestOf<'category.create'>['body'])`.
 */
export type RequestOf<Id extends AnyRoute['id']> = RouteRequest<Extract<AnyRoute, { readonly id: Id }>>;

/** One handler per route of `R`, keyed by route id, none more. */
export type HandlerMap<R extends RouteDefinition, D> = {
  readonly [Route in R as Route['id']]: RouteHandler<Route, D>;
};

/**
 * The handler map of an area's routes. Curried so the dependencies' type is named once and the
 * routes' types are inferred: `defineHandlers<AuthDependencies>()(groupsRoutes, { 'group.get': … })`.
 */
export function defineHandlers<D>() {
  return <const R extends RouteDefinition>(
    _routes: readonly R[],
    handlers: NoInfer<HandlerMap<R, D>>,
  ): HandlerMap<R, D> => handlers;
}

/**
 * The RPC handlers by NATS subject of a service's routes. The gateway validated each request
 * against the route's schemas before it reached NATS (ARCHITECTURE §5), which is what lets the
 * request be typed from them here. Throws at start when a route has no handler or a handler no route.
 */
export function bindRoutes<R extends RouteDefinition, D>(
  routes: readonly R[],
  handlers: NoInfer<HandlerMap<R, D>>,
  deps: D,
): Map<string, RpcHandler> {
  const byId = handlers as unknown as Readonly<Record<string, RouteHandler<unknown, D>>>;
  const bound = new Map<string, RpcHandler>();
  for (const route of routes) {
    const handler = byId[route.id];
    if (!handler) throw new Error(`route ${route.id} has no handler`);
    bound.set(route.subject, (request, handlerContext) =>
      handler(request as RouteRequest<unknown>, deps, handlerContext),
    );
  }
  const extra = Object.keys(byId).filter((id) => !routes.some((route) => route.id === id));
  if (extra.length > 0) throw new Error(`handlers without a route: ${extra.join(', ')}`);
  return bound;
}
