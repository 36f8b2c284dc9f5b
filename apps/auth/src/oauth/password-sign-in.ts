/**
 * Checking a person's password, for the password grant and the sign-in form alike, under the
 * sign-in throttle (`sign-in-throttle.ts`). The same work whether or not the account exists: one
 * lookup and exactly one hash verification (a decoy hash for an unknown name); the same answers,
 * since the throttle counts the submitted name, not the account. The failure that locks an
 * existing account records `auth.account.sign_in_locked` for each of its active profiles (the
 * owner's security alert, through the outbox like every event of the service).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { toTimestamp } from '@ncs/contracts';
import type { EventSink } from '../core/dependencies.js';
import type { AccountDoc } from '../core/models.js';
import type { OAuthStore } from './dependencies.js';
import { decoyHash, verifySecret } from '../core/secrets.js';
import type { FailureOutcome, SignInThrottle } from './sign-in-throttle.js';

export interface PasswordAttempt {
  /** Which account the name designates (by e-mail, or by username too for the password grant). */
  readonly filter: { readonly email: string } | { readonly username: string };
  /** The name as submitted: what the throttle counts. */
  readonly signInName: string;
  readonly password: string;
  readonly clientAddress?: string | undefined;
}

/** The account when the password is right, null when not; throws `SignInLockedError` when throttled. */
export type PasswordChecker = (attempt: PasswordAttempt) => Promise<AccountDoc | null>;

export interface PasswordSignInDeps {
  readonly models: OAuthStore;
  readonly events: EventSink;
  readonly throttle: SignInThrottle;
  /** Replaceable in tests (to count verifications); scrypt otherwise. */
  readonly verify?: (secret: string, stored: string) => Promise<boolean>;
  readonly delay?: (ms: number) => Promise<unknown>;
}

export function passwordChecker(deps: PasswordSignInDeps): PasswordChecker {
  return async (attempt) => {
    const { models, throttle, verify = verifySecret, delay = sleep } = deps;
    const reservation = await throttle.reserve(attempt);
    const account = await models.Account.findOne(attempt.filter).lean<AccountDoc>();
    const valid = await verify(attempt.password, account?.passwordHash ?? (await decoyHash()));
    if (account && valid && attempt.password.length > 0) {
      await throttle.succeeded(reservation);
      return account;
    }
    const outcome = await throttle.failed(reservation);
    if (account && outcome.accountLockedUntil) await recordLock(deps, account, outcome);
    if (outcome.delayMs > 0) await delay(outcome.delayMs);
    return null;
  };
}

async function recordLock(deps: PasswordSignInDeps, account: AccountDoc, outcome: FailureOutcome) {
  const profiles = await deps.models.Profile.find(
    { accountId: String(account._id), userState: 'active' },
    { networkEID: 1 },
  ).lean();
  for (const profile of profiles) {
    const profileEID = String(profile._id);
    await deps.events.record('auth.account.sign_in_locked', {
      networkEID: profile.networkEID,
      audience: { kind: 'people', profileEIDs: [profileEID] },
      data: {
        profileEID,
        lockedUntil: toTimestamp(outcome.accountLockedUntil!),
        failedAttempts: outcome.accountFailures,
      },
    });
  }
}
