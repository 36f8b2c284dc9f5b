/**
 * The sign-in throttle on the store (rules: `sign-in-rules.ts`), shared by every auth instance.
 * Keys are the submitted sign-in name (whether or not an account has it, so the answers are the
 * same for both) and the client address group; only their SHA-256 is stored.
 *
 * An attempt is recorded as a failure BEFORE the password is checked (an insert), then the
 * failures are counted: parallel guesses each count at least every attempt inserted before
 * theirs, so no more than the limit of them ever reach a password check, on MongoDB and FerretDB
 * alike (no read-modify-write). A successful sign-in then takes its record back: the account's
 * failures are cleared (the owner proved the password), the address loses only this one (a known
 * password must not reset the address's budget for guessing others).
 */
import { createHash } from 'node:crypto';
import type { Model, Types } from 'mongoose';
import { clientAddressGroup, DomainError } from '@ncs/contracts';
import { newCounter } from '@ncs/service-kit';
import type { SignInAttemptDoc } from './models.js';
import {
  afterFailure,
  overLimit,
  recentSince,
  type SignInRules,
  type ThrottleLimits,
} from './sign-in-rules.js';

export const SIGN_IN_LOCKED_MESSAGE =
  'Too many failed sign-in attempts: signing in is temporarily locked for this account or address. Try again later.';

/** A sign-in refused by the throttle: the same answer whether or not the account exists. */
export class SignInLockedError extends DomainError {
  constructor() {
    super('OAUTH_INVALID_GRANT', SIGN_IN_LOCKED_MESSAGE);
  }
}

export interface SignInSubject {
  /** The sign-in name as submitted (normalised here: trimmed, lower case). */
  readonly signInName: string;
  readonly clientAddress?: string | undefined;
}

interface ThrottleKey {
  readonly kind: 'account' | 'address';
  readonly id: string;
  readonly limits: ThrottleLimits;
}

export interface Reservation {
  readonly keys: readonly ThrottleKey[];
  /** The attempt's record per key. */
  readonly records: readonly Types.ObjectId[];
  /** Recent failures per key, this attempt included. */
  readonly recent: readonly number[];
}

export interface FailureOutcome {
  readonly delayMs: number;
  /** Set when this failure locked the account key. */
  readonly accountLockedUntil?: Date;
  readonly accountFailures: number;
}

/** Locks started by failed sign-ins, by what is locked: never which account or address. */
const signInLocks = newCounter({
  name: 'ncs_sign_in_locks_total',
  help: 'Sign-in locks started by repeated failures, by scope (account or address).',
  labelNames: ['scope'],
});

/** How often an instance deletes expired counters and locks. */
const PURGE_INTERVAL_MS = 10 * 60_000;

export class SignInThrottle {
  private lastPurge = 0;

  constructor(
    private readonly attempts: Model<SignInAttemptDoc>,
    private readonly rules: SignInRules,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records the attempt in advance; throws `SignInLockedError` while a key is locked or over its limit. */
  async reserve(subject: SignInSubject): Promise<Reservation> {
    const keys = this.keysOf(subject);
    const now = this.now();
    if (await this.lockedNow(keys, now)) throw new SignInLockedError();
    const at = new Date(now);
    const expiresAt = new Date(now + this.rules.windowMs);
    const inserted = await this.attempts.insertMany(keys.map((key) => ({ group: key.id, at, expiresAt })));
    const since = recentSince(now, this.rules.windowMs);
    const recent = await Promise.all(
      keys.map((key) =>
        // Only "over the limit or not" matters: counting stops just past it.
        this.attempts.countDocuments(
          { group: key.id, at: { $gt: since } },
          { limit: key.limits.maxFailures + 1 },
        ),
      ),
    );
    if (keys.some((key, i) => overLimit(recent[i]!, key.limits))) throw new SignInLockedError();
    return { keys, records: inserted.map((doc) => doc._id), recent };
  }

  /** The password was right: the account starts afresh, the address gets its attempt back. */
  async succeeded(reservation: Reservation): Promise<void> {
    await Promise.all(
      reservation.keys.map((key, i) =>
        key.kind === 'account'
          ? this.attempts.deleteMany({ group: key.id })
          : this.attempts.deleteOne({ _id: reservation.records[i] }),
      ),
    );
  }

  /** The password was wrong: the recorded failure stands; locks and delays follow from the counts. */
  async failed(reservation: Reservation): Promise<FailureOutcome> {
    const now = this.now();
    let delayMs = 0;
    let accountLockedUntil: Date | undefined;
    await Promise.all(
      reservation.keys.map(async (key, i) => {
        const cost = afterFailure(reservation.recent[i]!, key.limits, this.rules);
        delayMs = Math.max(delayMs, cost.delayMs);
        if (cost.lockMs === 0) return;
        // The failure that starts a lock reports it (parallel ones may both: at least once).
        const already = await this.lockedNow([key], now);
        const until = new Date(now + cost.lockMs);
        await this.attempts.create({ group: `${key.id}:lock`, blockedUntil: until, expiresAt: until });
        if (already) return;
        signInLocks.inc({ scope: key.kind });
        if (key.kind === 'account') accountLockedUntil = until;
      }),
    );
    if (now - this.lastPurge >= PURGE_INTERVAL_MS) {
      this.lastPurge = now;
      await this.attempts.deleteMany({ expiresAt: { $lt: new Date(now) } });
    }
    const accountIndex = reservation.keys.findIndex((key) => key.kind === 'account');
    return {
      delayMs,
      ...(accountLockedUntil ? { accountLockedUntil } : {}),
      accountFailures: reservation.recent[accountIndex] ?? 0,
    };
  }

  private async lockedNow(keys: readonly ThrottleKey[], now: number): Promise<boolean> {
    const found = await this.attempts.exists({
      group: { $in: keys.map((key) => `${key.id}:lock`) },
      blockedUntil: { $gt: new Date(now) },
    });
    return found !== null;
  }

  private keysOf(subject: SignInSubject): ThrottleKey[] {
    const name = subject.signInName.trim().toLowerCase();
    const keys: ThrottleKey[] = [
      { kind: 'account', id: hashKey('account', name), limits: this.rules.account },
    ];
    if (subject.clientAddress) {
      const group = clientAddressGroup(subject.clientAddress);
      keys.push({ kind: 'address', id: hashKey('address', group), limits: this.rules.address });
    }
    return keys;
  }
}

function hashKey(kind: string, value: string): string {
  return `${kind}:${createHash('sha256').update(`${kind}:${value}`).digest('hex')}`;
}
