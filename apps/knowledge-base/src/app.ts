/**
 * The knowledge-base service as a module: its models and its handlers by NATS subject, assembled
 * from its areas (`home/`, `categories/`, `managers/`, `pages/`: each with its rules and handler
 * map, all built on `core/`). `main.ts` hosts it; the service test builds it in process against
 * real NATS and the real store.
 */
import { routesOf } from '@ncs/contracts';
import { bindRoutes, type ServiceModule, type ServiceRuntime } from '@ncs/service-kit';
import { categoryHandlers } from './categories/handlers.js';
import { homeHandlers } from './home/handlers.js';
import { managerHandlers } from './managers/handlers.js';
import { registerKbModels, type KbModels } from './models.js';
import { pageHandlers, pageInternalHandlers } from './pages/handlers.js';

/**
 * Handlers of every kb route of the route table (`kbRoutes`), by route id: the areas' maps. A
 * constant: the conformance test lists it without a database (`@ncs/knowledge-base/testing`).
 */
export const kbHandlers = {
  ...homeHandlers,
  ...categoryHandlers,
  ...managerHandlers,
  ...pageHandlers,
};

export function buildKnowledgeBaseService(runtime: ServiceRuntime): ServiceModule & { models: KbModels } {
  const models = registerKbModels(runtime.db);
  const handlers = new Map([
    ...bindRoutes(routesOf('kb'), kbHandlers, { models, rpc: runtime.rpc, outbox: runtime.outbox }),
    ...Object.entries(pageInternalHandlers(models)),
  ]);
  return { models, handlers };
}
