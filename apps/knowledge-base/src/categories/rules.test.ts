import { describe, expect, it } from 'vitest';

import { Types } from 'mongoose';
import type { Caller } from '../core/rules.js';
import { categoryListFilter, highlightChange, requireEmptyCategory, requireTopLevelParent } from './rules.js';
import { refusal } from '../test/refusal.js';

const caller: Caller = {
  networkEID: 'a'.repeat(24),
  profileEID: 'c'.repeat(24),
  external: false,
  canManage: true,
};

describe('requireTopLevelParent', () => {
  it('takes a top-level category of the network as parent', () => {
    const _id = new Types.ObjectId();
    expect(requireTopLevelParent({ _id, parentEID: null })).toBe(String(_id));
  });

  it('refuses a child category (two levels only) and a parent not found in the network', () => {
    const child = refusal(() =>
      requireTopLevelParent({ _id: new Types.ObjectId(), parentEID: 'd'.repeat(24) }),
    );
    expect(child?.errorName).toBe('KB_ERR_PARENT_NOT_TOP_LEVEL');
    expect(child?.details).toEqual([{ pointer: '/body/parent', message: expect.any(String) }]);
    expect(refusal(() => requireTopLevelParent(null))?.errorName).toBe('KB_ERR_PARENT_NOT_TOP_LEVEL');
  });
});

describe('categoryListFilter', () => {
  it('lists the caller’s network only, of one parent when asked', () => {
    expect(categoryListFilter(caller, undefined, [])).toEqual({ networkEID: caller.networkEID });
    expect(categoryListFilter(caller, 'p1', [])).toEqual({ networkEID: caller.networkEID, parentEID: 'p1' });
  });

  it('leaves out the categories hidden from the caller', () => {
    expect(categoryListFilter(caller, undefined, ['h1', 'h2'])).toEqual({
      networkEID: caller.networkEID,
      _id: { $nin: ['h1', 'h2'] },
    });
  });
});

describe('highlightChange', () => {
  const now = new Date('2026-03-01T00:00:00Z');

  it('highlights only a category not highlighted yet, so the first time stays', () => {
    expect(highlightChange(true, now)).toEqual({
      when: { highlightedAt: null },
      set: { highlightedAt: now },
    });
  });

  it('unhighlights only a highlighted category', () => {
    expect(highlightChange(false, now)).toEqual({
      when: { highlightedAt: { $ne: null } },
      set: { highlightedAt: null },
    });
  });
});

describe('requireEmptyCategory', () => {
  it('lets an empty category go', () => {
    expect(refusal(() => requireEmptyCategory({ children: false, livePages: false }))).toBeUndefined();
  });

  it('keeps a category with child categories or live pages', () => {
    expect(refusal(() => requireEmptyCategory({ children: true, livePages: false }))?.errorName).toBe(
      'KB_ERR_CATEGORY_NOT_EMPTY',
    );
    expect(refusal(() => requireEmptyCategory({ children: false, livePages: true }))?.errorName).toBe(
      'KB_ERR_CATEGORY_NOT_EMPTY',
    );
  });
});
