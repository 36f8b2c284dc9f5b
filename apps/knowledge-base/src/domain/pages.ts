/**
 * Knowledge-base pages: drafts and published pages, soft delete, and the 2026.1.0 gate on `title`
 * and `body` (gate `kb.page.nullTitleBodyRejected`; the route's versioned body schema rejects null).
 */
import {
  isEid,
  DomainError,
  isGateOpen,
  toTimestamp,
  type ErrorDetail,
  type PlainCollection,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import { pageOf, sanitizeRichText, type Outbox, type Page, type RequestOf } from '@ncs/service-kit';
import type { KbModels, PageDoc } from '../models/index.js';
import { callerOf, canEditPagesOf, findVisibleCategory, type Caller } from './access.js';

export function presentPage(page: PageDoc): PlainResource {
  return {
    type: 'kb_page',
    EID: String(page._id),
    category: { type: 'kb_category', EID: page.categoryEID },
    title: page.title,
    body: page.body,
    status: page.status,
    coverImage: page.coverImage ?? null,
    author: { type: 'user', EID: page.authorEID },
    publishedAt: page.publishedAt ? toTimestamp(page.publishedAt) : null,
    deletedAt: page.deletedAt ? toTimestamp(page.deletedAt) : null,
    created: toTimestamp(page.created),
    lastModified: toTimestamp(page.lastModified),
  };
}

/** Null from a client older than 2026.1.0 means "no text" (newer ones cannot send it). */
const textOf = (value: string | null | undefined) => value ?? '';
/** A body as stored and served: allow-listed HTML (no script, no event handler, no javascript: URL). */
const bodyOf = (value: string | null | undefined) => sanitizeRichText(textOf(value));

/** From 2026.1.0 an empty `title` or `body` is allowed on drafts only. */
function assertPublishable(ctx: RequestContext, page: { status: string; title: string; body: string }) {
  if (page.status !== 'published' || !isGateOpen('kb.page.nullTitleBodyRejected', ctx.version)) return;
  const details: ErrorDetail[] = [];
  if (page.title === '')
    details.push({ pointer: '/body/title', message: 'must not be empty on a published page' });
  if (page.body === '')
    details.push({ pointer: '/body/body', message: 'must not be empty on a published page' });
  if (details.length > 0) throw new DomainError('KB_ERR_PUBLISHED_PAGE_EMPTY', undefined, details);
}

async function requireEditor(models: KbModels, caller: Caller, categoryEID: string) {
  const { category } = await findVisibleCategory(models, caller, categoryEID);
  if (!(await canEditPagesOf(models, caller, category))) throw new DomainError('KB_ERR_PAGE_EDIT_FORBIDDEN');
  return category;
}

const publishedEvent = (caller: Caller, page: PageDoc) => ({
  networkEID: caller.networkEID,
  actor: { type: 'user', EID: caller.profileEID },
  data: { page: { ...presentPage(page), body: undefined } },
});

export async function createPage(
  models: KbModels,
  outbox: Outbox,
  ctx: RequestContext,
  categoryEID: string,
  input: RequestOf<'page.create'>['body'],
) {
  const caller = callerOf(ctx);
  await requireEditor(models, caller, categoryEID);
  const fields = {
    title: textOf(input.title),
    body: bodyOf(input.body),
    status: input.status ?? 'draft',
    coverImage: input.coverImage ?? null,
  };
  assertPublishable(ctx, fields);
  const created = await models.Page.create({
    ...fields,
    publishedAt: fields.status === 'published' ? new Date() : null,
    networkEID: caller.networkEID,
    categoryEID,
    authorEID: caller.profileEID,
  });
  const page = created.toObject<PageDoc>();
  if (page.status === 'published') await outbox.record('page', 'published', publishedEvent(caller, page));
  return presentPage(page);
}

export async function listPages(
  models: KbModels,
  ctx: RequestContext,
  categoryEID: string,
  page: Page,
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
    (pages) => pages.map(presentPage),
  );
}

/**
 * A page the caller may read: drafts and soft-deleted pages only for its editors (a deleted page
 * then shows `deletedAt`); everything else is 404, as another network's page.
 */
async function findReadablePage(models: KbModels, caller: Caller, pageEID: string) {
  if (!isEid(pageEID)) throw new DomainError('KB_ERR_PAGE_NOT_FOUND');
  // By `_id` alone, tenant checked in memory: a pure `_id` lookup is the one a FerretDB/SQLite
  // store answers from its index (any other field in the filter makes it scan the collection).
  const page = await models.Page.findById(pageEID).lean<PageDoc>();
  if (!page || page.networkEID !== caller.networkEID) throw new DomainError('KB_ERR_PAGE_NOT_FOUND');
  const { category } = await findVisibleCategory(models, caller, page.categoryEID).catch(() => {
    throw new DomainError('KB_ERR_PAGE_NOT_FOUND');
  });
  const editor = await canEditPagesOf(models, caller, category);
  if (!editor && (page.status !== 'published' || page.deletedAt))
    throw new DomainError('KB_ERR_PAGE_NOT_FOUND');
  return { page, editor };
}

export async function getPage(models: KbModels, ctx: RequestContext, pageEID: string) {
  const { page } = await findReadablePage(models, callerOf(ctx), pageEID);
  return presentPage(page);
}

export async function updatePage(
  models: KbModels,
  outbox: Outbox,
  ctx: RequestContext,
  pageEID: string,
  input: RequestOf<'page.update'>['body'],
) {
  const caller = callerOf(ctx);
  const { page, editor } = await findReadablePage(models, caller, pageEID);
  if (!editor) throw new DomainError('KB_ERR_PAGE_EDIT_FORBIDDEN');
  if (page.deletedAt) throw new DomainError('KB_ERR_PAGE_NOT_FOUND');
  const set: Record<string, unknown> = {};
  if (input.title !== undefined) set.title = textOf(input.title);
  if (input.body !== undefined) set.body = bodyOf(input.body);
  if (input.coverImage !== undefined) set.coverImage = input.coverImage ?? null;
  if (input.status) set.status = input.status;
  const next = {
    status: (set.status as string | undefined) ?? page.status,
    title: (set.title as string | undefined) ?? page.title,
    body: (set.body as string | undefined) ?? page.body,
  };
  assertPublishable(ctx, next);
  if (next.status === 'draft') set.publishedAt = null;
  const publishing = next.status === 'published' && page.status === 'draft';
  if (publishing) set.publishedAt = new Date();
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
    return presentPage(current.page);
  }
  if (publishing) await outbox.record('page', 'published', publishedEvent(caller, updated));
  return presentPage(updated);
}

/** Soft delete: sets `deletedAt` once (a second delete keeps the first time). */
export async function deletePage(models: KbModels, ctx: RequestContext, pageEID: string) {
  const caller = callerOf(ctx);
  const { editor } = await findReadablePage(models, caller, pageEID);
  if (!editor) throw new DomainError('KB_ERR_PAGE_EDIT_FORBIDDEN');
  await models.Page.updateOne(
    { _id: pageEID, networkEID: caller.networkEID, deletedAt: null },
    { $set: { deletedAt: new Date() } },
  );
}
