import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_DEPTH } from '@ncs/contracts';
import type { Caller } from '../core/rules.js';
import {
  articleFilter,
  assertPublishable,
  bodyOf,
  escapeRegExp,
  isReadablePage,
  newPageFields,
  pageUpdateOf,
  searchDepth,
} from './rules.js';
import { refusal } from '../test/refusal.js';

/** From this version an empty title or body is refused on a published page. */
const GATED = { version: '2026.1.0' };
const BEFORE_GATE = { version: '2026.0.99' };

describe('assertPublishable', () => {
  it('refuses an empty title or body on a published page, naming each', () => {
    const error = refusal(() => assertPublishable(GATED, { status: 'published', title: '', body: '' }));
    expect(error?.errorName).toBe('KB_ERR_PUBLISHED_PAGE_EMPTY');
    expect(error?.details?.map((d) => d.pointer)).toEqual(['/body/title', '/body/body']);
    expect(
      refusal(() => assertPublishable(GATED, { status: 'published', title: 'T', body: '' }))?.details,
    ).toEqual([{ pointer: '/body/body', message: 'must not be empty on a published page' }]);
  });

  it('allows empty text on drafts, full text when published, and anything before 2026.1.0', () => {
    expect(refusal(() => assertPublishable(GATED, { status: 'draft', title: '', body: '' }))).toBeUndefined();
    expect(
      refusal(() => assertPublishable(GATED, { status: 'published', title: 'T', body: 'B' })),
    ).toBeUndefined();
    expect(
      refusal(() => assertPublishable(BEFORE_GATE, { status: 'published', title: '', body: '' })),
    ).toBeUndefined();
  });
});

describe('isReadablePage', () => {
  it('shows published pages to everyone', () => {
    expect(isReadablePage({ status: 'published', deletedAt: null }, false)).toBe(true);
  });

  it('shows drafts and deleted pages to their editors only', () => {
    const deleted = { status: 'published' as const, deletedAt: new Date() };
    expect(isReadablePage({ status: 'draft', deletedAt: null }, false)).toBe(false);
    expect(isReadablePage(deleted, false)).toBe(false);
    expect(isReadablePage({ status: 'draft', deletedAt: null }, true)).toBe(true);
    expect(isReadablePage(deleted, true)).toBe(true);
  });
});

describe('newPageFields', () => {
  it('is a draft by default, null text read as empty, the body sanitised', () => {
    expect(newPageFields(BEFORE_GATE, { title: null, body: null })).toEqual({
      title: '',
      body: '',
      status: 'draft',
      coverImage: null,
    });
    expect(newPageFields(GATED, { title: 'T', body: '<p>B</p><script>x()</script>' }).body).toBe(
      bodyOf('<p>B</p><script>x()</script>'),
    );
    expect(bodyOf('<p>B</p><script>x()</script>')).not.toContain('script');
  });

  it('refuses to publish an empty page from 2026.1.0', () => {
    expect(
      refusal(() => newPageFields(GATED, { title: '', body: 'B', status: 'published' }))?.errorName,
    ).toBe('KB_ERR_PUBLISHED_PAGE_EMPTY');
  });
});

describe('pageUpdateOf', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  const draft = { status: 'draft' as const, title: 'T', body: 'B' };
  const published = { status: 'published' as const, title: 'T', body: 'B' };

  it('publishes a draft once, at `now`', () => {
    expect(pageUpdateOf(GATED, draft, { status: 'published' }, now)).toEqual({
      set: { status: 'published', publishedAt: now },
      publishing: true,
    });
    // Already published: no second publish, `publishedAt` kept.
    expect(pageUpdateOf(GATED, published, { status: 'published', title: 'T2' }, now)).toEqual({
      set: { status: 'published', title: 'T2' },
      publishing: false,
    });
  });

  it('clears `publishedAt` back to draft, and sets only what the body names', () => {
    expect(pageUpdateOf(GATED, published, { status: 'draft' }, now)).toEqual({
      set: { status: 'draft', publishedAt: null },
      publishing: false,
    });
    expect(pageUpdateOf(GATED, published, { coverImage: null }, now).set).toEqual({ coverImage: null });
  });

  it('checks the page as it would be: emptying a published page’s title is refused', () => {
    expect(refusal(() => pageUpdateOf(GATED, published, { title: '' }, now))?.errorName).toBe(
      'KB_ERR_PUBLISHED_PAGE_EMPTY',
    );
    expect(refusal(() => pageUpdateOf(GATED, draft, { title: '' }, now))).toBeUndefined();
  });
});

describe('articleFilter', () => {
  const member: Caller = { networkEID: 'n1', profileEID: 'p1', external: false, canManage: false };
  const conditionsOf = (filter: ReturnType<typeof articleFilter>) => filter.$and;

  it('finds only live articles of the caller’s network', () => {
    expect(conditionsOf(articleFilter(member, '  ', [], []))[0]).toEqual({
      networkEID: 'n1',
      deletedAt: null,
    });
  });

  it('matches the text as an escaped, case-insensitive substring of title or body', () => {
    const pattern = { $regex: 'a\\.b\\*', $options: 'i' };
    expect(conditionsOf(articleFilter(member, ' a.b* ', [], []))).toContainEqual({
      $or: [{ title: pattern }, { body: pattern }],
    });
  });

  it('shows drafts only of the categories the caller edits, all of them to administrators', () => {
    expect(conditionsOf(articleFilter(member, '', [], []))).toContainEqual({ status: 'published' });
    expect(conditionsOf(articleFilter(member, '', ['k1'], []))).toContainEqual({
      $or: [{ status: 'published' }, { categoryEID: { $in: ['k1'] } }],
    });
    const admin = { ...member, canManage: true };
    expect(conditionsOf(articleFilter(admin, '', [], []))).toEqual([{ networkEID: 'n1', deletedAt: null }]);
  });

  it('leaves out the categories hidden from the caller', () => {
    const external = { ...member, external: true };
    expect(conditionsOf(articleFilter(external, '', [], ['h1']))).toContainEqual({
      categoryEID: { $nin: ['h1'] },
    });
    expect(JSON.stringify(articleFilter(member, '', [], []))).not.toContain('$nin');
  });
});

describe('escapeRegExp and searchDepth', () => {
  it('escapes every regular-expression metacharacter', () => {
    const text = '.*+?^${}()|[]\\';
    expect(new RegExp(escapeRegExp(text)).test(`x${text}y`)).toBe(true);
    expect(new RegExp(escapeRegExp('a.c')).test('abc')).toBe(false);
  });

  it('returns at least one article and at most SEARCH_MAX_DEPTH', () => {
    expect(searchDepth(0)).toBe(1);
    expect(searchDepth(5)).toBe(5);
    expect(searchDepth(SEARCH_MAX_DEPTH + 1)).toBe(SEARCH_MAX_DEPTH);
  });
});
