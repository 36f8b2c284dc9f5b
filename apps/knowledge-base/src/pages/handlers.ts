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
  type RpcHandler,
} from '@ncs/service-kit';
import type { CoreModels } from '../core/models.js';
import { kbRoutesOf } from '../core/routes.js';
import { createPage, deletePage, getPage, listPages, updatePage } from './pages.js';
import { searchArticles } from './search.js';

/** What the page handlers use: pages are read and edited by the rights of their category. */
export interface PagesDependencies {
  readonly models: CoreModels;
  readonly outbox: Outbox;
}

export const pageHandlers = defineHandlers<PagesDependencies>()(kbRoutesOf('page'), {
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

/** Handlers of internal subjects (not HTTP routes), by subject: the articles part of search. */
export function pageInternalHandlers(models: CoreModels): Record<string, RpcHandler> {
  return internalHandlerMap([
    internalHandler(internalSubjects.kbSearch, ({ ctx, body }) => searchArticles(models, ctx, body)),
  ]);
}
