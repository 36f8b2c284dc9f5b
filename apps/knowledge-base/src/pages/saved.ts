/**
 * Saved items (messaging keeps the bookmarks): which pages a reader may read, asked in one batch by
 * messaging for its saved list and its `save`/`unsave`; and each page this service answers showing
 * the caller's bookmark (`_user.saved`, the `save` or `unsave` action), asked of messaging once per
 * reply. Decisions: docs/decisions.md, "Saved items".
 */
import {
  internalSubjects,
  isEid,
  type PlainResource,
  type RequestContext,
  type SavedItemUnavailableReason,
} from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { editableCategoryEIDs } from '../core/access.js';
import type { CategoryDoc, CoreModels, PageDoc } from '../core/models.js';
import { callerOf, inCallersNetwork, isVisibleCategory, pageEditRightOf } from '../core/rules.js';
import { isReadablePage, presentPage } from './rules.js';

const unique = (values: readonly string[]) => [...new Set(values)];

/**
 * Of `EIDs`, the pages the caller may read now (as `page.get` would answer them), and why each
 * other is not shown: `removed` (deleted, unknown, another network's) before `no_access` (a hidden
 * category, a draft of someone else's). A few queries for the whole batch, none per page.
 */
export async function pagesOfReader(models: CoreModels, ctx: RequestContext, EIDs: readonly string[]) {
  const caller = callerOf(ctx);
  const asked = unique(EIDs.filter(isEid));
  const stored = asked.length === 0 ? [] : await models.Page.find({ _id: { $in: asked } }).lean<PageDoc[]>();
  const live = stored.filter((page) => inCallersNetwork(caller, page) && !page.deletedAt);
  const categoryEIDs = unique(live.map((page) => page.categoryEID));
  const categories =
    categoryEIDs.length === 0
      ? []
      : await models.Category.find({ _id: { $in: categoryEIDs } }).lean<CategoryDoc[]>();
  const parentEIDs = unique(
    categories.flatMap((category) => (category.parentEID ? [category.parentEID] : [])),
  );
  const parents =
    parentEIDs.length === 0
      ? []
      : await models.Category.find({ _id: { $in: parentEIDs } }).lean<CategoryDoc[]>();
  const categoryOf = new Map(
    [...categories, ...parents]
      .filter((category) => inCallersNetwork(caller, category))
      .map((category) => [String(category._id), category]),
  );
  const right = pageEditRightOf(caller);
  const editable =
    right === 'managed-categories' && live.length > 0
      ? new Set(await editableCategoryEIDs(models, caller))
      : null;
  const pageOf = new Map(live.map((page) => [String(page._id), page]));

  const pages: PlainResource[] = [];
  const unavailable: { EID: string; reason: SavedItemUnavailableReason }[] = [];
  for (const EID of unique([...EIDs])) {
    const page = pageOf.get(EID);
    const category = page ? categoryOf.get(page.categoryEID) : undefined;
    const parent = category?.parentEID ? categoryOf.get(category.parentEID) : null;
    if (!page || !category || parent === undefined) {
      unavailable.push({ EID, reason: 'removed' });
      continue;
    }
    const editor = right === 'every-page' || (editable?.has(page.categoryEID) ?? false);
    if (!isVisibleCategory(caller, category, parent) || !isReadablePage(page, editor)) {
      unavailable.push({ EID, reason: 'no_access' });
      continue;
    }
    pages.push(presentPage(page));
  }
  return { pages, unavailable };
}

/**
 * Pages with the caller's bookmark shown: `_user.saved` and the `save` or `unsave` action (a
 * deleted page, read by its editors, offers neither). One question to messaging for the reply; when
 * it does not answer, the pages still read, offering `save` (idempotent) and claiming nothing.
 */
export async function withSavedStates<P extends PlainResource & { readonly deletedAt: string | null }>(
  rpc: RpcClient | undefined,
  ctx: RequestContext,
  pages: readonly P[],
): Promise<PlainResource[]> {
  const shown = pages.filter((page) => page.deletedAt === null);
  if (shown.length === 0 || !ctx.principal?.profileEID || !rpc) return [...pages];
  let saved: ReadonlySet<string> | undefined;
  try {
    const reply = await rpc.request(internalSubjects.savedOfCaller, {
      ctx,
      body: { EIDs: shown.map((page) => String(page.EID)) },
    });
    saved = new Set(reply.saved);
  } catch {
    saved = undefined; // messaging unreachable: reading a page does not depend on it
  }
  return pages.map((page) => {
    if (page.deletedAt !== null) return page;
    if (saved === undefined) return { ...page, _actions: { save: true } };
    const isSaved = saved.has(String(page.EID));
    return { ...page, _user: { saved: isSaved }, _actions: isSaved ? { unsave: true } : { save: true } };
  });
}
