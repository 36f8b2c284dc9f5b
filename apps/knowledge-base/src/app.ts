/**
 * The knowledge-base service as a module. It owns its database and answers `$SRV` discovery; its routes
 * join the route table with the issues that specify them (the conformance test keeps both in step).
 */
import { routesOf } from '@ncs/contracts';
import type { RpcHandler, ServiceModule } from '@ncs/service-kit';

/** Handlers of the route table's kb routes, by route id. */
export function routeHandlers(): Record<string, RpcHandler> {
  return {};
}

export function buildKnowledgeBaseService(): ServiceModule {
  const byRoute = routeHandlers();
  const handlers = new Map<string, RpcHandler>();
  for (const route of routesOf('kb')) {
    const handler = byRoute[route.id];
    if (!handler) throw new Error(`kb: route ${route.id} has no handler`);
    handlers.set(route.subject, handler);
  }
  return { handlers };
}
