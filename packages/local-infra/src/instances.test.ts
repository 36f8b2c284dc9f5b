import { describe, expect, it } from 'vitest';
import { instanceLogName, parseInstances } from './instances.js';

describe('parseInstances (NCS_INSTANCES)', () => {
  it('runs one instance of each app by default', () => {
    for (const text of [undefined, '', ' ']) {
      expect(parseInstances(text)).toEqual({
        auth: 1,
        messaging: 1,
        'knowledge-base': 1,
        notifications: 1,
        gateway: 1,
      });
    }
  });

  it('takes the counts it names, the others stay at one', () => {
    expect(parseInstances('auth=2, messaging=3,knowledge-base=2')).toMatchObject({
      auth: 2,
      messaging: 3,
      'knowledge-base': 2,
      notifications: 1,
      gateway: 1,
    });
  });

  it.each([
    ['billing=2', /not <app>=<count>/],
    ['auth', /not <app>=<count>/],
    ['auth=0', /from 1 to 8/],
    ['auth=9', /from 1 to 8/],
    ['auth=2,auth=3', /named twice/],
  ])('refuses %s', (text, message) => {
    expect(() => parseInstances(text)).toThrow(message);
  });
});

describe('instanceLogName', () => {
  it('keeps the first instance’s log where it always was', () => {
    expect([1, 2, 3].map((n) => instanceLogName('auth', n))).toEqual([
      'auth.log',
      'auth-2.log',
      'auth-3.log',
    ]);
  });
});
