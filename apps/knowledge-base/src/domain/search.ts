/**
 * Search, owned by kb for now: knowledge-base articles, only when `type` names
 * `knowledge_base_article` explicitly; other types answer an empty collection until their owners
 * implement them. Matching is a case-insensitive, escaped substring of title or body (no `$text`
 * on FerretDB).
 */
import { KB_ARTICLE_SEARCH_TYPE, type PlainCollection, type RequestContext } from '@ncs/contracts';
import { collectionOf, pageOf, type RequestOf } from '@ncs/service-kit';
import type { KbModels } from '../models/index.js';
import { callerOf, editableCategoryEIDs, hiddenCategoryEIDs } from './access.js';
import { presentPage } from './pages.js';

export type SearchQuery = RequestOf<'search.list'>['query'];

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function namesArticles(type: string | undefined): boolean {
  return (type ?? '')
    .split(',')
    .map((t) => t.trim())
    .includes(KB_ARTICLE_SEARCH_TYPE);
}

export async function search(
  models: KbModels,
  ctx: RequestContext,
  query: SearchQuery,
): Promise<PlainCollection> {
  const caller = callerOf(ctx);
  const shape = { itemType: 'kb_page', rel: 'results' };
  if (!namesArticles(query.type)) return collectionOf(shape, query, 0, []);

  const conditions: Record<string, unknown>[] = [{ networkEID: caller.networkEID, deletedAt: null }];
  const text = query.q?.trim();
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
  return pageOf(models.Page, { filter, sort: { lastModified: -1, _id: -1 } }, query, shape, (pages) =>
    pages.map(presentPage),
  );
}
