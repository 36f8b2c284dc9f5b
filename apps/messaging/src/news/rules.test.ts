import { describe, expect, it } from 'vitest';
import { groupsOfTimelineKey, readTimeOf, requireNewsPoster, withNewsFilters, wordCount } from './rules.js';

const caller = (version = '2026.1.13') => ({ profileEID: 'me', ctx: { version } });

describe('readTime', () => {
  it('counts words of the text, not tags or entities', () => {
    expect(wordCount('<p>Hello <b>big</b>&nbsp;world</p><img src="x">')).toBe(3);
  });
  it('is words / 200 rounded up, at least 1', () => {
    expect(readTimeOf('')).toEqual({ unit: 'minutes', value: 1 });
    expect(readTimeOf(Array(200).fill('w').join(' ')).value).toBe(1);
    expect(readTimeOf(Array(201).fill('w').join(' ')).value).toBe(2);
  });
});

describe('who posts news', () => {
  it('network news needs a network administrator; group news is left to post_message', () => {
    expect(() => requireNewsPoster({ networkAdmin: false }, null)).toThrow();
    expect(() => requireNewsPoster({ networkAdmin: true }, null)).not.toThrow();
    expect(() => requireNewsPoster({ networkAdmin: false }, 'g')).not.toThrow();
  });
});

describe('timeline filters', () => {
  const base = { networkEID: 'n', timelineKey: 'network' };
  it('leaves the timeline alone without filters', () => {
    expect(withNewsFilters(base, { limit: 20 }, caller())).toEqual(base);
  });
  it('drops concatenated news from 2025.1.0 on, only for type=news', () => {
    expect(withNewsFilters(base, { type: 'news' }, caller())).toEqual({
      ...base,
      type: 'news',
      concatenatedFrom: { $exists: false },
    });
    expect(withNewsFilters(base, { type: 'news' }, caller('2024.3.0'))).toEqual({ ...base, type: 'news' });
    expect(withNewsFilters(base, { type: 'update' }, caller())).toEqual({ ...base, type: 'update' });
  });
  it('lists the caller’s own drafts meant for the timeline', () => {
    expect(withNewsFilters(base, { type: 'news', status: 'draft' }, caller())).toEqual({
      networkEID: 'n',
      authorEID: 'me',
      status: 'draft',
      type: 'news',
      groupEID: null,
    });
  });
  it('reads the groups of a timeline key or a list of keys', () => {
    expect(groupsOfTimelineKey('group:g1')).toEqual(['g1']);
    expect(groupsOfTimelineKey({ $in: ['network', 'group:g2'] })).toEqual([null, 'g2']);
  });
});
