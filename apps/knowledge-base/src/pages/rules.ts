/**
 * Knowledge-base pages as plain functions: how a page reads, who may read it, what a create or an
 * update stores, which articles a search finds, and the 2026.1.0 gate on `title` and `body` (gate `kb.page.nullTitleBodyRejected`;
 * the route's versioned body schema rejects null).
 */
import {
  DomainError,
  SEARCH_MAX_DEPTH,
  isGateOpen,
  toTimestamp,
  type ErrorDetail,
  type RequestContext,
} from '@ncs/contracts';
import { sanitizeRichText, type RequestOf } from '@ncs/service-kit';
import type { PageDoc } from '../core/models.js';
import type { Caller } from '../core/rules.js';

export function presentPage(page: PageDoc) {
  return {
    type: 'kb_page' as const,
    EID: String(page._id),
    category: { type: 'kb_category' as const, EID: page.categoryEID },
    title: page.title,
    body: page.body,
    status: page.status,
    coverImage: page.coverImage ?? null,
    author: { type: 'user' as const, EID: page.authorEID },
    publishedAt: page.publishedAt ? toTimestamp(page.publishedAt) : null,
    deletedAt: page.deletedAt ? toTimestamp(page.deletedAt) : null,
    created: toTimestamp(page.created),
    lastModified: toTimestamp(page.lastModified),
  };
}

/** Null from a client older than 2026.1.0 means "no text" (newer ones cannot send it). */
export const textOf = (value: string | null | undefined) => value ?? '';
/** A body as stored and served: allow-listed HTML (no script, no event handler, no javascript: URL). */
export const bodyOf = (value: string | null | undefined) => sanitizeRichText(textOf(value));

/** From 2026.1.0 an empty `title` or `body` is allowed on drafts only. */
export function assertPublishable(
  ctx: Pick<RequestContext, 'version'>,
  page: { status: string; title: string; body: string },
) {
  if (page.status !== 'published' || !isGateOpen('kb.page.nullTitleBodyRejected', ctx.version)) return;
  const details: ErrorDetail[] = [];
  if (page.title === '')
    details.push({ pointer: '/body/title', message: 'must not be empty on a published page' });
  if (page.body === '')
    details.push({ pointer: '/body/body', message: 'must not be empty on a published page' });
  if (details.length > 0) throw new DomainError('KB_ERR_PUBLISHED_PAGE_EMPTY', undefined, details);
}

/**
 * Whether a page may be read: drafts and soft-deleted pages only by its editors (a deleted page
 * then shows `deletedAt`); to anyone else they do not exist, as another network's page.
 */
export function isReadablePage(page: Pick<PageDoc, 'status' | 'deletedAt'>, editor: boolean): boolean {
  return editor || (page.status === 'published' && !page.deletedAt);
}

/** The fields of a new page (drafts by default), checked against the gate. */
export function newPageFields(ctx: Pick<RequestContext, 'version'>, input: RequestOf<'page.create'>['body']) {
  const fields = {
    title: textOf(input.title),
    body: bodyOf(input.body),
    status: input.status ?? 'draft',
    coverImage: input.coverImage ?? null,
  };
  assertPublishable(ctx, fields);
  return fields;
}

/**
 * What an update of `page` sets, and whether it publishes a draft (then `publishedAt` is `now`);
 * back to draft clears `publishedAt`. The page as it would be is checked against the gate.
 */
export function pageUpdateOf(
  ctx: Pick<RequestContext, 'version'>,
  page: Pick<PageDoc, 'status' | 'title' | 'body'>,
  input: RequestOf<'page.update'>['body'],
  now: Date,
): { set: Record<string, unknown>; publishing: boolean } {
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
  if (publishing) set.publishedAt = now;
  return { set, publishing };
}

/*
 * Search matches a case-insensitive, escaped substring of title or body (FerretDB has no `$text`),
 * among the articles the caller may read (no deleted pages, drafts only for their editors, no
 * hidden categories).
 */

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The filter of the articles matching `q` that the caller may read: `editable` are the categories
 * whose drafts it may read (administrators read every draft), `hidden` those it may not see.
 */
export function articleFilter(
  caller: Caller,
  q: string,
  editable: readonly string[],
  hidden: readonly string[],
) {
  const conditions: Record<string, unknown>[] = [{ networkEID: caller.networkEID, deletedAt: null }];
  const text = q.trim();
  if (text) {
    const pattern = { $regex: escapeRegExp(text), $options: 'i' };
    conditions.push({ $or: [{ title: pattern }, { body: pattern }] });
  }
  if (!caller.canManage) {
    conditions.push(
      editable.length > 0
        ? { $or: [{ status: 'published' }, { categoryEID: { $in: editable } }] }
        : { status: 'published' },
    );
  }
  if (hidden.length > 0) conditions.push({ categoryEID: { $nin: hidden } });
  return { $and: conditions };
}

/** How many articles one search returns: at least one, at most SEARCH_MAX_DEPTH. */
export function searchDepth(limit: number): number {
  return Math.min(Math.max(1, limit), SEARCH_MAX_DEPTH);
}
