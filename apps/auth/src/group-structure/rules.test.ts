import { describe, expect, it } from 'vitest';
import { inRequestOrder, uniqueItems, type Outcome } from './rules.js';

const user = (EID: string) => ({ type: 'user' as const, EID });

describe('inRequestOrder', () => {
  it('orders every list as the request listed the people, the unlisted after them by EID', () => {
    const outcome: Outcome = {
      added: [user('c'), user('a')],
      alreadyMembers: [],
      removed: [user('z'), user('y')],
      kept: [{ user: user('b'), reason: 'admin' }],
      refused: [
        { user: user('b'), reason: 'invited' },
        { user: user('c'), reason: 'not_in_network' },
      ],
    };
    const ordered = inRequestOrder(outcome, ['c', 'b', 'a', 'c']);
    expect(ordered.added).toEqual([user('c'), user('a')]);
    expect(ordered.removed).toEqual([user('y'), user('z')]);
    expect(ordered.refused.map((r) => r.user.EID)).toEqual(['c', 'b']);
    expect(outcome.removed).toEqual([user('z'), user('y')]);
  });
});

describe('uniqueItems', () => {
  it('keeps the first of repeated items, in order, telling types apart', () => {
    const items = [
      { type: 'message', EID: '1' },
      { type: 'user', EID: '1' },
      { type: 'message', EID: '1' },
      { type: 'page', EID: '2' },
    ];
    expect(uniqueItems(items)).toEqual([items[0], items[1], items[3]]);
    expect(uniqueItems([])).toEqual([]);
  });
});
