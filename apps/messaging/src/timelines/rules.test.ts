import { describe, expect, it } from 'vitest';
import type { DomainError } from '@ncs/contracts';
import { commentUpdate, embeds, requireThreadParent, subResourcePage, threadFieldsOf } from './rules.js';
import { timelineKeyOf } from '../messages/rules.js';

const M = '0123456789abcdef01234567';
const C = '0123456789abcdef0123456a';
const P = '0123456789abcdef0123456b';

const errorOf = (f: () => void) => {
  try {
    f();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('no error');
};

describe('timelineKeyOf (profiles)', () => {
  it('keys a user’s profile timeline by the profile, other timelines as before', () => {
    expect(timelineKeyOf(null, P)).toBe(`profile:${P}`);
    expect(timelineKeyOf(null)).toBe('network');
    expect(timelineKeyOf(M, null)).toBe(`group:${M}`);
  });
});

describe('requireThreadParent', () => {
  it('takes a comment of the same message', () => {
    expect(() =>
      requireThreadParent({ type: 'comment', parentEID: M }, M, '/body/parentCommentEID'),
    ).not.toThrow();
  });

  it('refuses a comment of another message and a message that is no comment, naming the field', () => {
    for (const parent of [
      { type: 'comment', parentEID: C },
      { type: 'update', parentEID: null },
    ]) {
      const error = errorOf(() => requireThreadParent(parent, M, '/body/parentCommentEID'));
      expect(error.code).toBe(-310);
      expect(error.details?.[0]?.pointer).toBe('/body/parentCommentEID');
    }
  });

  it('checks only that it is a comment when no message is given (the thread query)', () => {
    expect(() =>
      requireThreadParent({ type: 'comment', parentEID: C }, null, '/query/parentCommentEID'),
    ).not.toThrow();
    expect(errorOf(() => requireThreadParent({ type: 'news' }, null, '/query/parentCommentEID')).code).toBe(
      -310,
    );
  });
});

describe('commentUpdate (bubbling)', () => {
  const now = new Date('2026-01-02T03:04:05Z');

  it('counts the comment and moves a message on a timeline up, saying why', () => {
    expect(commentUpdate({ timelineKey: 'network' }, C, now)).toEqual({
      $inc: { numComments: 1 },
      $set: { timelineAt: now, bubble: { reason: 'new_comment', at: now, commentEID: C } },
    });
  });

  it('only counts on a message on no timeline (a draft)', () => {
    expect(commentUpdate({ timelineKey: null }, C, now)).toEqual({ $inc: { numComments: 1 } });
  });
});

describe('threadFieldsOf', () => {
  it('shows $parentCommentEID on comments only, the profile when posted to one, bubble always', () => {
    expect(threadFieldsOf({ type: 'comment', parentCommentEID: C })).toEqual({
      $parentCommentEID: C,
      bubble: null,
    });
    expect(threadFieldsOf({ type: 'comment' })).toEqual({ $parentCommentEID: null, bubble: null });
    const at = new Date('2026-01-02T03:04:05Z');
    expect(
      threadFieldsOf({ type: 'update', profileEID: P, bubble: { reason: 'new_comment', at, commentEID: C } }),
    ).toEqual({
      profile: { type: 'user', EID: P },
      bubble: {
        reason: 'new_comment',
        created: '2026-01-02T03:04:05.000+00:00',
        comment: { type: 'comment', EID: C },
      },
    });
  });
});

describe('subResourcePage (gate pagination.offsetNotCarried, 2024.3.0)', () => {
  it('carries limit, not offset, from 2024.3.0', () => {
    expect(subResourcePage({ limit: 5, offset: 10 }, 'comments', '2024.3.0')).toEqual({
      limit: 5,
      offset: 0,
    });
  });

  it('carries offset too before 2024.3.0', () => {
    expect(subResourcePage({ limit: 5, offset: 10 }, 'comments', '2024.2.99')).toEqual({
      limit: 5,
      offset: 10,
    });
  });

  it('prefers limit[rel] and offset[rel] in every version, bounded to the page maximum', () => {
    const query = { limit: 5, offset: 10, 'limit[comments]': 500, 'offset[comments]': 1 };
    expect(subResourcePage(query, 'comments', '2024.2.99')).toEqual({ limit: 100, offset: 1 });
    expect(subResourcePage(query, 'comments', '2026.1.13')).toEqual({ limit: 100, offset: 1 });
  });
});

describe('embeds', () => {
  it('finds a relation in a comma list', () => {
    expect(embeds('originalAuthor', 'originalAuthor')).toBe(true);
    expect(embeds('x, comments.author', 'comments')).toBe(true);
    expect(embeds(undefined, 'comments')).toBe(false);
    expect(embeds('commentsx', 'comments')).toBe(false);
  });
});
