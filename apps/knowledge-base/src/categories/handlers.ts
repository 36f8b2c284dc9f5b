/** Handlers of the category routes (`category.*` of `kbRoutes`), by route id. */
import { defineHandlers, withStatus, type Outbox } from '@ncs/service-kit';
import type { CoreModels } from '../core/models.js';
import { kbRoutesOf } from '../core/routes.js';
import {
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  setHighlight,
  updateCategory,
} from './categories.js';

/** What the category handlers use: deleting reads pages and drops the category's assignments. */
export interface CategoriesDependencies {
  readonly models: CoreModels;
  readonly outbox: Outbox;
}

export const categoryHandlers = defineHandlers<CategoriesDependencies>()(kbRoutesOf('category'), {
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
});
