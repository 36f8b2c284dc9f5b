import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DomainEvent, EventData } from '@ncs/contracts';
import { ALERT_EVENT_SUBJECTS, planAlert } from './alert-plans.js';

const N = 'a'.repeat(24);
const PROFILE = 'b'.repeat(24);
const LOCKED_UNTIL = '2026-01-01T12:15:00.000+00:00';

type LockData = EventData<'auth.account.sign_in_locked'>;

const lockEvent = (data: LockData): DomainEvent => ({
  id: 'f'.repeat(24),
  type: 'auth.account.sign_in_locked',
  occurredAt: new Date().toISOString(),
  networkEID: N,
  audience: { kind: 'people', profileEIDs: [data.profileEID] },
  data,
});

describe('the sign-in lock alert', () => {
  it('is received by the alerts consumer', () => {
    expect(ALERT_EVENT_SUBJECTS).toContain('events.auth.account.sign_in_locked.*');
  });

  it("goes to the profile the event names, about that profile, with the lock's facts", () => {
    expect(
      planAlert(lockEvent({ profileEID: PROFILE, lockedUntil: LOCKED_UNTIL, failedAttempts: 5 })),
    ).toEqual({
      type: 'sign_in_locked',
      recipients: [PROFILE],
      subject: { type: 'user', EID: PROFILE },
      originator: null,
      groupEIDs: [],
      appData: { lockedUntil: LOCKED_UNTIL, failedAttempts: 5 },
    });
  });

  it('makes none without a profile or a network', () => {
    // The catalogue types the event: it always names the profile.
    expectTypeOf<LockData['profileEID']>().toEqualTypeOf<string>();
    const lock = { profileEID: PROFILE, lockedUntil: LOCKED_UNTIL, failedAttempts: 5 };
    const { networkEID: _networkEID, ...withoutNetwork } = lockEvent(lock);
    expect(planAlert(withoutNetwork)).toBeNull();
  });
});
