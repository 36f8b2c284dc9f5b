/**
 * Articles for search: the messaging service owns `GET /networks/{networkEID}/search/` and asks
 * here (`internalSubjects.kbSearch`) only when `type` names `knowledge_base_article`. Matching is a
 * case-insensitive, escaped substring of title or body (no `$text` on FerretDB); only articles the
 * caller may read (no deleted pages, drafts only for their editors, no hidden categories).
 */
import { SEARCH_MAX_DEPTH, type PlainResource, type RequestContext } from '@ncs/contracts';
import type { KbModels } from '../models/index.js';
import { callerOf, editableCategoryEIDs, hiddenCategoryEIDs } from './access.js';
import { presentPage } from './pages.js';

export interface ArticleSearch {
  readonly q: string;
  readonly limit: number;
}

export interface ArticleMatches {
  readonly total: number;
  readonly items: readonly PlainResource[];
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The newest `limit` articles matching `q` the caller may read, and how many match in all. */
export async function searchArticles(
  models: KbModels,
  ctx: RequestContext,
  { q, limit }: ArticleSearch,
): Promise<ArticleMatches> {
  const caller = callerOf(ctx);
  const conditions: Record<string, unknown>[] = [{ networkEID: caller.networkEID, deletedAt: null }];
  const text = q.trim();
  if (text) {
    const pattern = { $regex: escapeRegExp(text), $options: 'i' };
    conditions.push({ $or: [{ title: pattern }, { body: pattern }] });
  }
  // Drafts only for those who may edit them: administrators all, managers their categories'.
  if (!caller.canManage) {
    const editable = await editableCategoryEIDs(models, caller);
    conditions.push(
      editable.length > 0
        ? { $or: [{ status: 'published' }, { categoryEID: { $in: editable } }] }
        : { status: 'published' },
    );
  }
  const hidden = await hiddenCategoryEIDs(models, caller);
  if (hidden.length > 0) conditions.push({ categoryEID: { $nin: hidden } });
  const filter = { $and: conditions };
  const [total, pages] = await Promise.all([
    models.Page.countDocuments(filter),
    models.Page.find(filter)
      .sort({ lastModified: -1, _id: -1 })
      .limit(Math.min(Math.max(1, limit), SEARCH_MAX_DEPTH))
      .lean(),
  ]);
  return { total, items: pages.map(presentPage) };
}
