/**
 * Handlers of the page routes (`page.*` of `kbRoutes`), by route id, and of the internal subject
 * that searches articles (pages) for the messaging service.
 */
import { internalSubjects } from '@ncs/contracts';
import {
  defineHandlers,
  internalHandler,
  internalHandlerMap,
  withStatus,
  type Outbox,
  type RpcClient,
  type RpcHandler,
} from '@ncs/service-kit';
import type { CoreModels } from '../core/models.js';
import { kbRoutesOf } from '../core/routes.js';
import { createPage, deletePage, getPage, listPages, updatePage } from './pages.js';
import { searchArticles } from './search.js';
import { pagesOfReader } from './saved.js';

/** What the page handlers use: pages are read and edited by the rights of their category. */
export interface PagesDependencies {
  readonly models: CoreModels;
  readonly outbox: Outbox;
  /** Saved items: messaging says which pages the caller saved. */
  readonly rpc?: RpcClient;
}

export const pageHandlers = defineHandlers<PagesDependencies>()(kbRoutesOf('page'), {
  'page.list': ({ ctx, params, query }, { models, rpc }) =>
    listPages(models, ctx, params.categoryEID, query, rpc),
  'page.create': ({ ctx, params, body }, { models, outbox, rpc }) =>
    createPage(models, outbox, ctx, params.categoryEID, body, rpc),
  'page.get': ({ ctx, params }, { models, rpc }) => getPage(models, ctx, params.pageEID, rpc),
  'page.update': ({ ctx, params, body }, { models, outbox, rpc }) =>
    updatePage(models, outbox, ctx, params.pageEID, body, rpc),
  'page.delete': async ({ ctx, params }, { models }) => {
    await deletePage(models, ctx, params.pageEID);
    return withStatus(204, null);
  },
});

/** Handlers of internal subjects (not HTTP routes), by subject: the articles part of search. */
export function pageInternalHandlers(models: CoreModels): Record<string, RpcHandler> {
  return internalHandlerMap([
    internalHandler(internalSubjects.kbSearch, ({ ctx, body }) => searchArticles(models, ctx, body)),
    // Saved items: messaging's saved list and its `save`/`unsave` of a page.
    internalHandler(internalSubjects.kbPagesOfReader, ({ ctx, body }) =>
      pagesOfReader(models, ctx, body.EIDs),
    ),
  ]);
}
