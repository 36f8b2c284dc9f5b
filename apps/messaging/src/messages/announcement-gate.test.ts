import { describe, expect, it } from 'vitest';
import { withNewsFilters } from '../news/rules.js';
import { latestCreateBody } from './announcement-gate.js';

describe('latestCreateBody (gate messages.eventRenamedAnnouncement)', () => {
  const body = { type: 'event', htmlBody: '<p>x</p>' } as const;
  it('reads `event` as an announcement before 1.4.8', () => {
    expect(latestCreateBody({ version: '1.4.7' }, body)).toEqual({ ...body, type: 'announcement' });
  });
  // From 1.4.8 `event` is a calendar event, a type of its own, so it is kept as is.
  it('keeps `event` (a calendar event) from 1.4.8 on', () => {
    expect(latestCreateBody({ version: '1.4.8' }, body)).toEqual(body);
  });
  it('leaves every other type alone in every version', () => {
    for (const version of ['1.4.7', '2026.1.13']) {
      expect(latestCreateBody({ version }, { ...body, type: 'announcement' }).type).toBe('announcement');
      expect(latestCreateBody({ version }, { ...body, type: 'update' }).type).toBe('update');
    }
  });
});

describe('timeline ?type= announcement and app_update', () => {
  it('filters on the type, like update', () => {
    const base = { networkEID: 'n', timelineKey: 'network' };
    const caller = { profileEID: 'me', ctx: { version: '2026.1.13' } };
    for (const type of ['announcement', 'app_update'] as const) {
      expect(withNewsFilters(base, { type }, caller)).toEqual({ ...base, type });
    }
  });
});
