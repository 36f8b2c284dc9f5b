import { describe, expect, it } from 'vitest';
import { SAVED_ITEMS_PER_PERSON_MAX } from '@ncs/contracts';
import { messageUnavailability, presentSavedItem, requireRoomToSave, withSavedState } from './rules.js';

const NET = 'a'.repeat(24);
const row = {
  _id: 'b'.repeat(24),
  kind: 'message',
  itemType: 'comment',
  itemEID: 'c'.repeat(24),
  savedAt: new Date('2026-01-02T03:04:05Z'),
};

describe('requireRoomToSave', () => {
  it(`takes a bookmark below ${SAVED_ITEMS_PER_PERSON_MAX} kept and refuses one more (409)`, () => {
    expect(() => requireRoomToSave(SAVED_ITEMS_PER_PERSON_MAX - 1)).not.toThrow();
    expect(() => requireRoomToSave(SAVED_ITEMS_PER_PERSON_MAX)).toThrow(
      expect.objectContaining({ status: 409, code: -491 }),
    );
  });
});

describe('messageUnavailability', () => {
  it('reads a gone, foreign or removed message as removed, before access', () => {
    expect(messageUnavailability(undefined, NET, true)).toBe('removed');
    expect(messageUnavailability({ networkEID: 'd'.repeat(24) }, NET, true)).toBe('removed');
    expect(messageUnavailability({ networkEID: NET, removedAt: new Date() }, NET, false)).toBe('removed');
  });

  it('reads a message there but unreadable as no_access, and a readable one as shown', () => {
    expect(messageUnavailability({ networkEID: NET, removedAt: null }, NET, false)).toBe('no_access');
    expect(messageUnavailability({ networkEID: NET, removedAt: null }, NET, true)).toBeUndefined();
  });
});

describe('presentSavedItem', () => {
  it('embeds an available item and links it by its kind', () => {
    const resource = { type: 'comment', EID: row.itemEID, htmlBody: '<p>x</p>' };
    expect(presentSavedItem(row, { available: true, resource })).toEqual({
      type: 'saved_item',
      EID: row._id,
      item: { type: 'comment', EID: row.itemEID },
      message: { type: 'comment', EID: row.itemEID },
      page: null,
      created: '2026-01-02T03:04:05.000+00:00',
      available: true,
      reason: null,
      _embedded: { item: resource },
    });
  });

  it('makes a tombstone of the rest: the reference and the reason, no content', () => {
    const page = { ...row, kind: 'kb_page', itemType: 'kb_page' };
    const tombstone = presentSavedItem(page, { available: false, reason: 'no_access' });
    expect(tombstone).toMatchObject({ available: false, reason: 'no_access', message: null });
    expect(tombstone.page).toEqual({ type: 'kb_page', EID: row.itemEID });
    expect(tombstone).not.toHaveProperty('_embedded');
  });
});

describe('withSavedState', () => {
  it('offers unsave on a saved thing and save on the others, keeping what was there', () => {
    const resource = { type: 'kb_page', EID: row.itemEID, _user: { liked: true }, _actions: { like: true } };
    expect(withSavedState(resource, true)).toMatchObject({
      _user: { liked: true, saved: true },
      _actions: { like: true, unsave: true },
    });
    expect(withSavedState(resource, false)._actions).toEqual({ like: true, save: true });
  });
});
