import { describe, expect, it } from 'vitest';
import { eventPage } from './rules.js';

const merged = (id: string) => ({ id, alertId: `a${id}` });

describe('eventPage', () => {
  it('keeps merged occurrences in order, up to the limit, and says when more follow', () => {
    expect(eventPage([merged('1'), merged('2'), merged('3')], 2)).toEqual({
      events: [
        { id: '1', alertId: 'a1' },
        { id: '2', alertId: 'a2' },
      ],
      more: true,
    });
    expect(eventPage([merged('1'), merged('2')], 2)).toEqual({
      events: [
        { id: '1', alertId: 'a1' },
        { id: '2', alertId: 'a2' },
      ],
      more: false,
    });
  });

  it('stops before an occurrence not merged yet, so the next page cannot skip it', () => {
    expect(eventPage([merged('1'), { id: '2', alertId: null }, merged('3')], 10)).toEqual({
      events: [{ id: '1', alertId: 'a1' }],
      more: false,
    });
  });

  it('is empty when nothing follows', () => {
    expect(eventPage([], 5)).toEqual({ events: [], more: false });
  });
});
