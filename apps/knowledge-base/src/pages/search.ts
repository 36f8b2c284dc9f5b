/**
 * Articles (pages) for search: the messaging service owns `GET /networks/{networkEID}/search/` and
 * asks here (`internalSubjects.kbSearch`) only when `type` names `knowledge_base_article`.
 */
import type { PlainResource, RequestContext } from '@ncs/contracts';
import { editableCategoryEIDs, hiddenCategoryEIDs } from '../core/access.js';
import type { CoreModels } from '../core/models.js';
import { callerOf } from '../core/rules.js';
import { articleFilter, presentPage, searchDepth } from './rules.js';

export interface ArticleSearch {
  readonly q: string;
  readonly limit: number;
}

export interface ArticleMatches {
  readonly total: number;
  readonly items: readonly PlainResource[];
}

/** The newest `limit` articles matching `q` the caller may read, and how many match in all. */
export async function searchArticles(
  models: CoreModels,
  ctx: RequestContext,
  { q, limit }: ArticleSearch,
): Promise<ArticleMatches> {
  const caller = callerOf(ctx);
  // Drafts only for those who may edit them: administrators all, managers their categories'.
  const editable = caller.canManage ? [] : await editableCategoryEIDs(models, caller);
  const hidden = await hiddenCategoryEIDs(models, caller);
  const filter = articleFilter(caller, q, editable, hidden);
  const [total, pages] = await Promise.all([
    models.Page.countDocuments(filter),
    models.Page.find(filter).sort({ lastModified: -1, _id: -1 }).limit(searchDepth(limit)).lean(),
  ]);
  return { total, items: pages.map(presentPage) };
}
