/**
 * Handlers of the route table's kb routes (packages/contracts, `kbRoutes`), by route id. A
 * constant: the conformance test lists it without a database.
 */
import { kbRoutes } from '@ncs/contracts';
import { defineHandlers, withStatus, type Outbox, type RpcClient } from '@ncs/service-kit';
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
import type { KbModels } from './models/index.js';

/** What the handlers use. */
export interface KbDependencies {
  readonly models: KbModels;
  readonly rpc: RpcClient;
  readonly outbox: Outbox;
}

export const kbHandlers = defineHandlers<KbDependencies>()(kbRoutes, {
  'home.get': ({ ctx }, { models }) => getHome(models, ctx),
  'home.update': ({ ctx, body }, { models }) => updateHome(models, ctx, body),
  'home.setTitle': ({ ctx, body }, { models }) => setHomeTitle(models, ctx, body),
  'category.list': ({ ctx, query }, { models }) => listCategories(models, ctx, query),
  'category.create': ({ ctx, body }, { models, outbox }) => createCategory(models, outbox, ctx, body),
  'category.get': ({ ctx, params }, { models }) => getCategory(models, ctx, params.categoryEID),
  'category.update': ({ ctx, params, body }, { models }) =>
    updateCategory(models, ctx, params.categoryEID, body),
  'category.delete': async ({ ctx, params }, { models, outbox }) => {
    await deleteCategory(models, outbox, ctx, params.categoryEID);
    return withStatus(204, null);
  },
  'category.highlight': ({ ctx, params }, { models }) => setHighlight(models, ctx, params.categoryEID, true),
  'category.unhighlight': ({ ctx, params }, { models }) =>
    setHighlight(models, ctx, params.categoryEID, false),
  'categoryManager.list': ({ ctx, params }, { models }) => listManagers(models, ctx, params.categoryEID),
  'categoryManager.assign': ({ ctx, params, body }, { models, rpc, outbox }) =>
    assignManager(models, rpc, outbox, ctx, params.categoryEID, body),
  'categoryManager.remove': ({ ctx, params }, { models }) =>
    removeManager(models, ctx, params.categoryEID, params.profileEID),
  'page.list': ({ ctx, params, query }, { models }) => listPages(models, ctx, params.categoryEID, query),
  'page.create': ({ ctx, params, body }, { models, outbox }) =>
    createPage(models, outbox, ctx, params.categoryEID, body),
  'page.get': ({ ctx, params }, { models }) => getPage(models, ctx, params.pageEID),
  'page.update': ({ ctx, params, body }, { models, outbox }) =>
    updatePage(models, outbox, ctx, params.pageEID, body),
  'page.delete': async ({ ctx, params }, { models }) => {
    await deletePage(models, ctx, params.pageEID);
    return withStatus(204, null);
  },
});
