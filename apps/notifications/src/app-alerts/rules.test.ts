import { describe, expect, it } from 'vitest';
import { joinedProfile, type ActivatedEvent } from './consumer.js';
import { appAlertEventId, appAlertOccurrence } from './sending.js';

const N = 'a'.repeat(24);
const APP = 'b'.repeat(24);
const P = 'c'.repeat(24);

const activated = (data: Record<string, unknown>) =>
  ({
    id: 'd'.repeat(24),
    type: 'auth.membership.activated',
    occurredAt: new Date().toISOString(),
    networkEID: N,
    data,
  }) as unknown as ActivatedEvent;

describe('app alerts', () => {
  it('makes one occurrence per send and person: the app is subject and originator', () => {
    const created = new Date();
    const occurrence = appAlertOccurrence(N, P, {
      sendId: 'e'.repeat(24),
      appEID: APP,
      appData: { a: 1 },
      created,
    });
    expect(occurrence).toEqual({
      networkEID: N,
      recipientEID: P,
      type: 'app',
      eventId: appAlertEventId('e'.repeat(24)),
      occurredAt: created,
      subject: { type: 'app', EID: APP },
      originator: { type: 'app', EID: APP },
      groupEIDs: [],
      appData: { a: 1 },
    });
    expect(appAlertEventId('e'.repeat(24))).toBe(`app:${'e'.repeat(24)}`);
  });

  it('delivers pending alerts only for a membership that became active', () => {
    expect(joinedProfile(activated({ user: { type: 'user', EID: P }, state: 'active' }))).toBe(P);
    expect(joinedProfile(activated({ user: { type: 'user', EID: P }, state: 'suspended' }))).toBeNull();
    expect(joinedProfile(activated({ state: 'active' }))).toBeNull();
  });
});
