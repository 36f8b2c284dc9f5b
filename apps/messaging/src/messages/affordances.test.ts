import { describe, expect, it } from 'vitest';
import type { Caller } from './access.js';
import { messageActionsOf, type CallerStanding } from './affordances.js';
import type { MessageDoc } from './models.js';

const AUTHOR = 'a'.repeat(24);
const OTHER = 'b'.repeat(24);

const callerOf = (profileEID: string, roles: string[] = ['member']): Caller => ({
  networkEID: 'n'.repeat(24),
  profileEID,
  ctx: {
    version: '2026.1.13',
    requestId: 'affordances-test',
    principal: { profileEID, external: false, roles, permissions: [] },
  },
});

const update = (fields: Partial<MessageDoc> = {}) =>
  ({
    type: 'update',
    authorEID: AUTHOR,
    locked: false,
    status: 'published',
    timelineKey: 'network',
    ...fields,
  }) as MessageDoc;

const fresh: CallerStanding = { liked: false, read: false, subscribed: false };
const keys = (actions: object) => Object.keys(actions).sort();

describe('messageActionsOf', () => {
  it('gives the author and an administrator lock, remove and move; another member neither', () => {
    expect(keys(messageActionsOf(update(), callerOf(AUTHOR), fresh))).toEqual(
      ['like', 'lock', 'move', 'read', 'remove', 'share', 'subscribe'].sort(),
    );
    expect(keys(messageActionsOf(update(), callerOf(OTHER, ['admin']), fresh))).toEqual(
      ['like', 'lock', 'move', 'read', 'remove', 'share', 'subscribe'].sort(),
    );
    expect(keys(messageActionsOf(update(), callerOf(OTHER), fresh))).toEqual([
      'like',
      'read',
      'share',
      'subscribe',
    ]);
  });

  it('turns like, read, subscribe and lock into their opposites by the standing and the state', () => {
    const actions = messageActionsOf(update({ locked: true }), callerOf(AUTHOR), {
      liked: true,
      read: true,
      subscribed: true,
    });
    expect(actions).toMatchObject({ unlike: true, unsubscribe: true, unlock: true });
    for (const gone of ['like', 'read', 'subscribe', 'lock']) expect(actions).not.toHaveProperty(gone);
    expect(messageActionsOf(update({ locked: true }), callerOf(OTHER), fresh)).not.toHaveProperty('like');
  });

  it('offers publish on a draft to its author; nothing on a removed message', () => {
    expect(
      messageActionsOf(update({ status: 'draft', timelineKey: null }), callerOf(AUTHOR), fresh),
    ).toMatchObject({
      publish: true,
    });
    expect(messageActionsOf(update({ status: 'removed' }), callerOf(AUTHOR), fresh)).toEqual({});
  });
});
