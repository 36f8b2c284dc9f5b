import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@ncs/contracts';
import { ALERT_EVENT_SUBJECTS, planAlert } from './alert-plans.js';

const N = 'a'.repeat(24);
const PROFILE = 'b'.repeat(24);
const LOCKED_UNTIL = '2026-01-01T12:15:00.000+00:00';

const lockEvent = (data: Record<string, unknown>): DomainEvent => ({
  id: 'f'.repeat(24),
  type: 'auth.account.sign_in_locked',
  occurredAt: new Date().toISOString(),
  networkEID: N,
  data,
});

describe('the sign-in lock alert', () => {
  it('is received by the alerts consumer', () => {
    expect(ALERT_EVENT_SUBJECTS).toContain('events.auth.account.sign_in_locked');
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
    expect(planAlert(lockEvent({ lockedUntil: LOCKED_UNTIL, failedAttempts: 5 }))).toBeNull();
    const { networkEID: _networkEID, ...withoutNetwork } = lockEvent({ profileEID: PROFILE });
    expect(planAlert(withoutNetwork)).toBeNull();
  });
});
