import { describe, expect, expectTypeOf, it } from 'vitest';
import { joinedProfile, type ActivatedEvent } from './consumer.js';
import { appAlertEventId, appAlertOccurrence } from './sending.js';

const N = 'a'.repeat(24);
const APP = 'b'.repeat(24);
const P = 'c'.repeat(24);

const activated = (data: ActivatedEvent['data']): ActivatedEvent => ({
  id: 'd'.repeat(24),
  type: 'auth.membership.activated',
  occurredAt: new Date().toISOString(),
  networkEID: N,
  audience: { kind: 'network' },
  data,
});

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
    const user = { type: 'user' as const, EID: P };
    const accepted = {
      user,
      previousState: 'pending',
      state: 'active',
      reason: 'invitation_accepted',
    } as const;
    expect(joinedProfile(activated(accepted))).toBe(P);
    // The catalogue types the event: it always names the person, and only as active.
    expectTypeOf<ActivatedEvent['data']['state']>().toEqualTypeOf<'active'>();
    expectTypeOf<ActivatedEvent['data']['user']>().toEqualTypeOf<{ type: 'user'; EID: string }>();
  });
});
