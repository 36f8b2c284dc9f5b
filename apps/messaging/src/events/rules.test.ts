import { describe, expect, it } from 'vitest';
import { dateOf, eventEditOf, messagePermissionsOf, mayRsvp, requireDateRange } from './rules.js';

const now = new Date('2030-01-01T10:00:00Z');
const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const publicEvent = { start: later(1), end: later(2), allDay: false, location: 'Hall', inviteeEIDs: [] };
const message = (event: object, extra: object = {}) => ({
  type: 'event',
  authorEID: 'author',
  locked: false,
  reactable: true,
  event: { ...publicEvent, ...event },
  ...extra,
});

describe('requireDateRange', () => {
  it('takes end equal to or after start; refuses end before start with -38 naming both', () => {
    expect(() => requireDateRange(later(1), later(1))).not.toThrow();
    expect(() => requireDateRange(later(2), later(1))).toThrow(
      expect.objectContaining({
        code: -38,
        details: [
          expect.objectContaining({ pointer: '/body/event/start' }),
          expect.objectContaining({ pointer: '/body/event/end' }),
        ],
      }),
    );
  });
});

describe('dateOf', () => {
  it('refuses a date-time JavaScript cannot represent, naming the field', () => {
    expect(dateOf('2030-01-01T10:00:00Z', '/body/event/start')).toEqual(new Date('2030-01-01T10:00:00Z'));
    expect(() => dateOf('2030-12-31T23:59:60Z', '/body/event/end')).toThrow(
      expect.objectContaining({
        status: 400,
        details: [expect.objectContaining({ pointer: '/body/event/end' })],
      }),
    );
  });
});

describe('message permissions', () => {
  it('like on any reactable message not locked', () => {
    expect(messagePermissionsOf({ type: 'update', authorEID: 'a' }, 'me', now)).toEqual(['like']);
    expect(messagePermissionsOf({ type: 'update', authorEID: 'a', locked: true }, 'me', now)).toEqual([]);
    expect(messagePermissionsOf({ type: 'news', authorEID: 'a', reactable: false }, 'me', now)).toEqual([]);
  });
  it('rsvp for readers of a public event, invitees only of a private one, while open', () => {
    expect(messagePermissionsOf(message({}), 'me', now)).toEqual(['like', 'rsvp']);
    expect(mayRsvp({ ...publicEvent, inviteeEIDs: ['x'] }, 'me')).toBe(false);
    expect(mayRsvp({ ...publicEvent, inviteeEIDs: ['x'] }, 'x')).toBe(true);
    expect(messagePermissionsOf(message({ canceled: true }), 'me', now)).toEqual(['like']);
    expect(messagePermissionsOf(message({ start: later(-3), end: later(-1) }), 'me', now)).toEqual(['like']);
  });
  it('cancel for the author, reinstate once canceled', () => {
    expect(messagePermissionsOf(message({}), 'author', now)).toEqual(['like', 'rsvp', 'cancel']);
    expect(messagePermissionsOf(message({ canceled: true }), 'author', now)).toEqual(['like', 'reinstate']);
    expect(messagePermissionsOf(message({ inviteeEIDs: ['x'] }), 'author', now)).toEqual(['like', 'cancel']);
  });
});

describe('eventEditOf', () => {
  it('names each kind of change, date/time first', () => {
    expect(eventEditOf(publicEvent, {}, false).changes).toEqual([]);
    expect(eventEditOf(publicEvent, { location: 'Hall' }, false).changes).toEqual([]);
    expect(eventEditOf(publicEvent, { allDay: true, location: null }, true).changes).toEqual([
      'date_time_changed',
      'location_changed',
      'details_changed',
    ]);
    const moved = eventEditOf(publicEvent, { end: later(5).toISOString() }, false);
    expect(moved.changes).toEqual(['date_time_changed']);
    expect(moved.event.end).toEqual(later(5));
  });
  it('refuses an edit that ends before the (kept) start', () => {
    expect(() => eventEditOf(publicEvent, { end: later(0).toISOString() }, false)).toThrow(
      expect.objectContaining({ code: -38 }),
    );
  });
});
