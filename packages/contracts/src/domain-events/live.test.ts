import { describe, expect, it } from 'vitest';
import { leftData, liveData, liveEventOf, liveEventTypes } from './live.js';
import { eventNames } from './catalogue.js';

describe('the live stream catalogue', () => {
  it('names only catalogued events', () => {
    expect(liveEventTypes.filter((type) => !(eventNames as readonly string[]).includes(type))).toEqual([]);
  });

  it('leaves out what only routes an alert and what recipients cannot read', () => {
    const edited = liveEventOf('messaging.message.edited')!;
    expect(liveData(edited, { message: { EID: 'm' }, previousHtmlBody: '<p>old</p>' })).toEqual({
      message: { EID: 'm' },
    });
    expect(liveEventOf('auth.token.revoked')).toBeUndefined();
    expect(liveEventOf('notifications.alert.delivered')?.event).toBe('alert');
  });

  it("tells a moved message's former timeline only that it left", () => {
    const moved = liveEventOf('messaging.message.moved')!;
    expect(moved.formerAudience?.({ from: { type: 'group', EID: 'g1' } })).toEqual({
      kind: 'group',
      groupEID: 'g1',
    });
    expect(moved.formerAudience?.({ from: null })).toEqual({ kind: 'network' });
    const data = {
      message: { type: 'update', EID: 'm', htmlBody: '<p>secret</p>', group: { EID: 'g2' } },
      to: { EID: 'g2' },
    };
    expect(leftData(data)).toEqual({ message: { type: 'update', EID: 'm' }, left: true });
  });
});
