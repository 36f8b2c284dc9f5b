/**
 * The knowledge-base service as a module: its models and its handlers by NATS subject. `main.ts`
 * hosts it; the conformance test keeps `routeHandlers()` in step with the route table.
 */
import { routesOf, type RpcRequest } from '@ncs/contracts';
import { withStatus, type RpcHandler, type ServiceModule, type ServiceRuntime } from '@ncs/service-kit';
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  setHighlight,
  updateCategory,
} from './domain/categories.js';
import { getHome, setHomeTitle, updateHome } from './domain/home.js';
import { assignManager, listManagers, removeManager } from './domain/managers.js';
import { createPage, deletePage, getPage, listPages, updatePage } from './domain/pages.js';
import { search } from './domain/search.js';
import { registerKbModels, type KbModels } from './models/index.js';

/** What the handlers use; absent when only the handler map is needed (conformance test). */
export interface KbDependencies {
  readonly models: KbModels;
  readonly runtime: Pick<ServiceRuntime, 'rpc' | 'outbox'>;
}

const param = (request: RpcRequest, name: string) => String(request.params[name]);
const page = (request: RpcRequest) => request.query as { limit?: number; offset?: number };

/** Handlers of the route table's kb routes, by route id. Built lazily: callable without a database. */
export function routeHandlers(deps?: KbDependencies): Record<string, RpcHandler> {
  const use = () => {
    if (!deps) throw new Error('kb: handlers called without dependencies');
    return { models: deps.models, rpc: deps.runtime.rpc, outbox: deps.runtime.outbox };
  };
  return {
    'home.get': async ({ ctx }) => getHome(use().models, ctx),
    'home.update': async ({ ctx, body }) => updateHome(use().models, ctx, body),
    'home.setTitle': async ({ ctx, body }) => setHomeTitle(use().models, ctx, body),
    'category.list': async (r) => listCategories(use().models, r.ctx, r.query),
    'category.create': async ({ ctx, body }) => createCategory(use().models, use().outbox, ctx, body),
    'category.get': async (r) => getCategory(use().models, r.ctx, param(r, 'categoryEID')),
    'category.update': async (r) => updateCategory(use().models, r.ctx, param(r, 'categoryEID'), r.body),
    'category.delete': async (r) => {
      await deleteCategory(use().models, use().outbox, r.ctx, param(r, 'categoryEID'));
      return withStatus(204, null);
    },
    'category.highlight': async (r) => setHighlight(use().models, r.ctx, param(r, 'categoryEID'), true),
    'category.unhighlight': async (r) => setHighlight(use().models, r.ctx, param(r, 'categoryEID'), false),
    'categoryManager.list': async (r) => listManagers(use().models, r.ctx, param(r, 'categoryEID')),
    'categoryManager.assign': async (r) => {
      const { models, rpc, outbox } = use();
      return assignManager(models, rpc, outbox, r.ctx, param(r, 'categoryEID'), r.body);
    },
    'categoryManager.remove': async (r) =>
      removeManager(use().models, r.ctx, param(r, 'categoryEID'), param(r, 'profileEID')),
    'page.list': async (r) => listPages(use().models, r.ctx, param(r, 'categoryEID'), page(r)),
    'page.create': async (r) =>
      createPage(use().models, use().outbox, r.ctx, param(r, 'categoryEID'), r.body),
    'page.get': async (r) => getPage(use().models, r.ctx, param(r, 'pageEID')),
    'page.update': async (r) => updatePage(use().models, use().outbox, r.ctx, param(r, 'pageEID'), r.body),
    'page.delete': async (r) => {
      await deletePage(use().models, r.ctx, param(r, 'pageEID'));
      return withStatus(204, null);
    },
    'search.list': async (r) => search(use().models, r.ctx, r.query),
  };
}

export function buildKnowledgeBaseService(runtime: ServiceRuntime): ServiceModule & { models: KbModels } {
  const models = registerKbModels(runtime.db);
  const byRoute = routeHandlers({ models, runtime });
  const handlers = new Map<string, RpcHandler>();
  for (const route of routesOf('kb')) {
    const handler = byRoute[route.id];
    if (!handler) throw new Error(`kb: route ${route.id} has no handler`);
    handlers.set(route.subject, handler);
  }
  return { models, handlers };
}
