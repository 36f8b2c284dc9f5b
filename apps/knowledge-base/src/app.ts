/**
 * The knowledge-base service as a module: its models and its handlers by NATS subject. `main.ts`
 * hosts it; the conformance test keeps `kbHandlers` in step with the route table.
 */
import { routesOf } from '@ncs/contracts';
import { bindRoutes, type ServiceModule, type ServiceRuntime } from '@ncs/service-kit';
import { kbHandlers } from './handlers.js';
import { registerKbModels, type KbModels } from './models/index.js';
import { kbInternalHandlers } from './search.js';

export function buildKnowledgeBaseService(runtime: ServiceRuntime): ServiceModule & { models: KbModels } {
  const models = registerKbModels(runtime.db);
  const handlers = bindRoutes(routesOf('kb'), kbHandlers, {
    models,
    rpc: runtime.rpc,
    outbox: runtime.outbox,
  });
  for (const [subject, handler] of Object.entries(kbInternalHandlers(models))) handlers.set(subject, handler);
  return { models, handlers };
}
