/** Knowledge-base pages: drafts and published pages, publishing once, and soft delete. */
import { isEid, DomainError, type PlainCollection, type RequestContext } from '@ncs/contracts';
import {
  pageOf,
  type CatalogueEventInput,
  type Outbox,
  type Page,
  type RequestOf,
  type RpcClient,
} from '@ncs/service-kit';
import { canEditPagesOf, findVisibleCategory } from '../core/access.js';
import type { CoreModels, PageDoc } from '../core/models.js';
import { callerOf, inCallersNetwork, type Caller } from '../core/rules.js';
import { isReadablePage, newPageFields, pageUpdateOf, presentPage } from './rules.js';
// Saved items: each page answered shows the caller's bookmark.
import { withSavedStates } from './saved.js';

/** One page as answered: presented, with the caller's bookmark. */
async function answered(rpc: RpcClient | undefined, ctx: RequestContext, page: PageDoc) {
  const [shown] = await withSavedStates(rpc, ctx, [presentPage(page)]);
  return shown!;
}

async function requireEditor(models: CoreModels, caller: Caller, categoryEID: string) {
  const { category } = await findVisibleCategory(models, caller, categoryEID);
  if (!(await canEditPagesOf(models, caller, category))) throw new DomainError('KB_ERR_PAGE_EDIT_FORBIDDEN');
  return category;
}

/** `kb.page.published`: the page as served, without its body, to the network. */
function publishedEvent(caller: Caller, doc: PageDoc): CatalogueEventInput<'kb.page.published'> {
  const { body: _body, ...page } = presentPage(doc);
  const { status, publishedAt, deletedAt } = page;
  // Recorded only right after a create or an update left the page published (and not deleted).
  if (status !== 'published' || publishedAt === null || deletedAt !== null) {
    throw new TypeError(`kb: page ${page.EID} is not published`);
  }
  return {
    networkEID: caller.networkEID,
    actor: { type: 'user', EID: caller.profileEID },
    audience: { kind: 'network' },
    data: { page: { ...page, status, publishedAt, deletedAt } },
  };
}

export async function createPage(
  models: CoreModels,
  outbox: Outbox,
  ctx: RequestContext,
  categoryEID: string,
  input: RequestOf<'page.create'>['body'],
  rpc?: RpcClient,
) {
  const caller = callerOf(ctx);
  await requireEditor(models, caller, categoryEID);
  const fields = newPageFields(ctx, input);
  const created = await models.Page.create({
    ...fields,
    publishedAt: fields.status === 'published' ? new Date() : null,
    networkEID: caller.networkEID,
    categoryEID,
    authorEID: caller.profileEID,
  });
  const page = created.toObject<PageDoc>();
  if (page.status === 'published') await outbox.record('kb.page.published', publishedEvent(caller, page));
  return answered(rpc, ctx, page);
}

export async function listPages(
  models: CoreModels,
  ctx: RequestContext,
  categoryEID: string,
  page: Page,
  rpc?: RpcClient,
): Promise<PlainCollection> {
  const caller = callerOf(ctx);
  const { category } = await findVisibleCategory(models, caller, categoryEID);
  const editor = await canEditPagesOf(models, caller, category);
  const filter = {
    networkEID: caller.networkEID,
    categoryEID,
    deletedAt: null,
    ...(editor ? {} : { status: 'published' as const }),
  };
  return pageOf(
    models.Page,
    { filter, sort: { created: -1, _id: -1 } },
    page,
    { itemType: 'kb_page', rel: 'pages' },
    (pages) => withSavedStates(rpc, ctx, pages.map(presentPage)),
  );
}

/** A page the caller may read (isReadablePage), and whether it edits it; anything else is 404. */
async function findReadablePage(models: CoreModels, caller: Caller, pageEID: string) {
  if (!isEid(pageEID)) throw new DomainError('KB_ERR_PAGE_NOT_FOUND');
  // By `_id` alone, tenant checked in memory: a pure `_id` lookup is the one a FerretDB/SQLite
  // store answers from its index (any other field in the filter makes it scan the collection).
  const page = await models.Page.findById(pageEID).lean<PageDoc>();
  if (!page || !inCallersNetwork(caller, page)) throw new DomainError('KB_ERR_PAGE_NOT_FOUND');
  const { category } = await findVisibleCategory(models, caller, page.categoryEID).catch(() => {
    throw new DomainError('KB_ERR_PAGE_NOT_FOUND');
  });
  const editor = await canEditPagesOf(models, caller, category);
  if (!isReadablePage(page, editor)) throw new DomainError('KB_ERR_PAGE_NOT_FOUND');
  return { page, editor };
}

export async function getPage(models: CoreModels, ctx: RequestContext, pageEID: string, rpc?: RpcClient) {
  const { page } = await findReadablePage(models, callerOf(ctx), pageEID);
  return answered(rpc, ctx, page);
}

export async function updatePage(
  models: CoreModels,
  outbox: Outbox,
  ctx: RequestContext,
  pageEID: string,
  input: RequestOf<'page.update'>['body'],
  rpc?: RpcClient,
) {
  const caller = callerOf(ctx);
  const { page, editor } = await findReadablePage(models, caller, pageEID);
  if (!editor) throw new DomainError('KB_ERR_PAGE_EDIT_FORBIDDEN');
  if (page.deletedAt) throw new DomainError('KB_ERR_PAGE_NOT_FOUND');
  const { set, publishing } = pageUpdateOf(ctx, page, input, new Date());
  // The status condition makes a concurrent second publish a no-op here, so one event per publish.
  const updated = await models.Page.findOneAndUpdate(
    {
      _id: pageEID,
      networkEID: caller.networkEID,
      deletedAt: null,
      ...(publishing ? { status: 'draft' } : {}),
    },
    { $set: set },
    { returnDocument: 'after', runValidators: true },
  ).lean<PageDoc>();
  if (!updated) {
    const current = await findReadablePage(models, caller, pageEID);
    return answered(rpc, ctx, current.page);
  }
  if (publishing) await outbox.record('kb.page.published', publishedEvent(caller, updated));
  return answered(rpc, ctx, updated);
}

/** Soft delete: sets `deletedAt` once (a second delete keeps the first time). */
export async function deletePage(models: CoreModels, ctx: RequestContext, pageEID: string) {
  const caller = callerOf(ctx);
  const { editor } = await findReadablePage(models, caller, pageEID);
  if (!editor) throw new DomainError('KB_ERR_PAGE_EDIT_FORBIDDEN');
  await models.Page.updateOne(
    { _id: pageEID, networkEID: caller.networkEID, deletedAt: null },
    { $set: { deletedAt: new Date() } },
  );
}
