import { describe, expect, it } from 'vitest';
import { userSettingDefaults } from '@ncs/contracts';
import {
  PRESENCE_STALE_MS,
  readPresence,
  settingsUpdate,
  settingsWithDefaults,
  undismissed,
} from './rules.js';

describe('settingsWithDefaults', () => {
  it('gives every known key, the stored value where set', () => {
    expect(settingsWithDefaults(null)).toEqual(userSettingDefaults);
    expect(settingsWithDefaults({ language: 'nl', emailNotifications: false })).toMatchObject({
      language: 'nl',
      emailNotifications: false,
      pushNotifications: true,
    });
  });
});

describe('settingsUpdate', () => {
  it('sets values, unsets nulls and leaves out absent keys', () => {
    expect(settingsUpdate({ language: 'en', timezone: null })).toEqual({
      set: { language: 'en' },
      unset: { timezone: '' },
    });
  });
});

describe('undismissed', () => {
  it('keeps catalogue order and drops dismissed keys', () => {
    expect(undismissed(['tasks', 'alerts'])).toEqual(['knowledge_base', 'polls', 'events']);
  });
});

describe('readPresence', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);

  it('is offline without lastSeenAt when never set or hidden', () => {
    expect(readPresence(null, now)).toEqual({ status: 'offline', lastSeenAt: null });
    expect(readPresence({ status: 'online', lastSeenAt: at(0) }, now, true)).toEqual({
      status: 'offline',
      lastSeenAt: null,
    });
  });

  it('reads a stale online as away, a fresh one as online', () => {
    expect(readPresence({ status: 'online', lastSeenAt: at(PRESENCE_STALE_MS) }, now).status).toBe('online');
    expect(readPresence({ status: 'online', lastSeenAt: at(PRESENCE_STALE_MS + 1) }, now).status).toBe(
      'away',
    );
    expect(readPresence({ status: 'offline', lastSeenAt: at(10 * PRESENCE_STALE_MS) }, now).status).toBe(
      'offline',
    );
  });
});
