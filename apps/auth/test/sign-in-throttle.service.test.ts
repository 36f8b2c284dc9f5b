/**
 * The sign-in throttle on the real store, with a clock the test controls: locks end, parallel
 * guesses cannot race past the limit, and a password is verified exactly once whether or not the
 * account exists.
 */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { AnyCatalogueEventInput } from '@ncs/service-kit';
import { ensureAccount, ensureMembership, ensureNetwork } from '../src/directory/provisioning.js';
import { type AuthModels, registerAuthModels } from '../src/models.js';
import { passwordChecker, type PasswordChecker } from '../src/oauth/password-sign-in.js';
import { verifySecret } from '../src/core/secrets.js';
import type { EventSink } from '../src/core/dependencies.js';
import { signInRulesFrom } from '../src/oauth/sign-in-rules.js';
import { SignInLockedError, SignInThrottle } from '../src/oauth/sign-in-throttle.js';

const rules = signInRulesFrom({
  SIGN_IN_WINDOW_MS: 900_000,
  SIGN_IN_LOCK_MS: 900_000,
  SIGN_IN_ACCOUNT_MAX_FAILURES: 5,
  SIGN_IN_ACCOUNT_DELAY_FROM: 3,
  SIGN_IN_ADDRESS_MAX_FAILURES: 8,
  SIGN_IN_ADDRESS_DELAY_FROM: 6,
  SIGN_IN_DELAY_BASE_MS: 1_000,
  SIGN_IN_DELAY_MAX_MS: 3_000,
});

let connection: mongoose.Connection;
let models: AuthModels;
let clock = Date.UTC(2026, 0, 1, 12, 0, 0);
const now = () => clock;
const unique = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  connection = await mongoose
    .createConnection(inject('mongoUrl'), { dbName: `auth_throttle_${unique()}` })
    .asPromise();
  models = registerAuthModels(connection);
  await models.SignInAttempt.syncIndexes();
});

afterAll(async () => {
  await connection?.dropDatabase();
  await connection?.close();
});

function setUp() {
  const throttle = new SignInThrottle(models.SignInAttempt, rules, now);
  const events: { entity: string; verb: string; input: AnyCatalogueEventInput }[] = [];
  const delays: number[] = [];
  let verifications = 0;
  const check: PasswordChecker = passwordChecker({
    models,
    throttle,
    events: {
      // Kept by entity and verb (`auth.<entity>.<verb>`), as the assertions read them.
      record: ((name: string, input: AnyCatalogueEventInput) => {
        const [, entity = '', verb = ''] = name.split('.');
        events.push({ entity, verb, input });
        return Promise.resolve({
          id: unique(),
          type: name,
          occurredAt: '',
          audience: input.audience,
          data: input.data,
        });
      }) as EventSink['record'],
    },
    verify: async (secret, stored) => {
      verifications += 1;
      return (await verifySecret(secret, stored)) && secret === 'right-password';
    },
    delay: (ms) => Promise.resolve(delays.push(ms)),
  });
  return { throttle, check, events, delays, verifications: () => verifications };
}

async function newPerson() {
  const email = `p-${unique()}@throttle.example`;
  const network = await ensureNetwork(models, { subdomain: `t-${unique()}`, name: 'Throttle' });
  const accountId = await ensureAccount(models, {
    email,
    password: 'right-password',
    firstName: 'T',
    lastName: 'P',
  });
  const profileEID = await ensureMembership(models, {
    networkEID: String(network._id),
    accountId,
    role: 'member',
  });
  return { email, networkEID: String(network._id), profileEID };
}

const attempt = (email: string, password: string, clientAddress?: string) => ({
  filter: { email },
  signInName: email,
  password,
  clientAddress,
});

describe('sign-in throttle', () => {
  it('locks an account at the fifth failure, with growing delays before, until the lock ends', async () => {
    const { check, delays } = setUp();
    const email = `nobody-${unique()}@throttle.example`;
    for (let i = 0; i < 5; i += 1) expect(await check(attempt(email, 'wrong'))).toBeNull();
    expect(delays).toEqual([1_000, 2_000]);
    await expect(check(attempt(email, 'wrong'))).rejects.toBeInstanceOf(SignInLockedError);
    clock += rules.lockMs - 1_000;
    await expect(check(attempt(email, 'wrong'))).rejects.toBeInstanceOf(SignInLockedError);
    // The lock ends; the failures are older than a window by now, so the count starts again.
    clock += rules.windowMs + 2_000;
    expect(await check(attempt(email, 'wrong'))).toBeNull();
  });

  it('locks at the fifth failure within a window whatever clock boundary lies between them', async () => {
    const { check } = setUp();
    const email = `boundary-${unique()}@throttle.example`;
    const window = rules.windowMs;
    clock = (Math.floor(clock / window) + 1) * window - 1_500; // just before a multiple of the window
    for (let i = 0; i < 3; i += 1) expect(await check(attempt(email, 'wrong'))).toBeNull();
    clock += 2_000; // over the boundary
    for (let i = 0; i < 2; i += 1) expect(await check(attempt(email, 'wrong'))).toBeNull();
    await expect(check(attempt(email, 'wrong'))).rejects.toBeInstanceOf(SignInLockedError);
  });

  it('refuses the right password during the lock and accepts it after', async () => {
    const { check } = setUp();
    const person = await newPerson();
    for (let i = 0; i < 5; i += 1) await check(attempt(person.email, 'wrong'));
    await expect(check(attempt(person.email, 'right-password'))).rejects.toBeInstanceOf(SignInLockedError);
    clock += rules.lockMs + 1;
    expect((await check(attempt(person.email, 'right-password')))?.email).toBe(person.email);
  });

  it('lets no more than the limit of parallel guesses through to a verification', async () => {
    const { check, verifications } = setUp();
    const email = `burst-${unique()}@throttle.example`;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => check(attempt(email, 'wrong'))),
    );
    // Each attempt counts every one recorded before it: at most the limit get a check (a burst may
    // be refused whole, since each sees the others' records).
    expect(verifications()).toBeLessThanOrEqual(5);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused.length).toBe(20 - verifications());
    for (const outcome of refused) expect(outcome.reason).toBeInstanceOf(SignInLockedError);
    // …and the account stays refused afterwards, also for the right password.
    await expect(check(attempt(email, 'right-password'))).rejects.toBeInstanceOf(SignInLockedError);
  });

  it('verifies exactly one hash for a known and an unknown name, none while locked', async () => {
    const known = await newPerson();
    const unknown = `ghost-${unique()}@throttle.example`;
    for (const email of [known.email, unknown]) {
      const { check, verifications } = setUp();
      await check(attempt(email, 'wrong'));
      expect(verifications(), email).toBe(1);
      for (let i = 0; i < 4; i += 1) await check(attempt(email, 'wrong'));
      expect(verifications(), email).toBe(5);
      await expect(check(attempt(email, 'right-password'))).rejects.toBeInstanceOf(SignInLockedError);
      expect(verifications(), email).toBe(5);
    }
  });

  it('records one security alert per active profile of the locked account, none for an unknown name', async () => {
    const person = await newPerson();
    const { check, events } = setUp();
    for (let i = 0; i < 7; i += 1) await check(attempt(person.email, 'wrong')).catch(() => null);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      entity: 'account',
      verb: 'sign_in_locked',
      input: {
        networkEID: person.networkEID,
        data: { profileEID: person.profileEID, failedAttempts: 5 },
      },
    });
    const ghost = setUp();
    for (let i = 0; i < 6; i += 1)
      await ghost.check(attempt(`ghost-${unique()}@x.example`, 'wrong')).catch(() => null);
    expect(ghost.events).toHaveLength(0);
  });

  it('locks an address after its own, higher threshold, across names; a success does not count', async () => {
    const { check } = setUp();
    const address = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const person = await newPerson();
    expect(await check(attempt(person.email, 'right-password', address))).not.toBeNull();
    for (let i = 0; i < 8; i += 1)
      expect(await check(attempt(`n${i}-${unique()}@x.example`, 'wrong', address))).toBeNull();
    await expect(check(attempt(person.email, 'right-password', address))).rejects.toBeInstanceOf(
      SignInLockedError,
    );
    expect(await check(attempt(person.email, 'right-password', '198.51.100.254'))).not.toBeNull();
  });

  it('clears the account count on success', async () => {
    const { check } = setUp();
    const person = await newPerson();
    for (let i = 0; i < 4; i += 1) await check(attempt(person.email, 'wrong'));
    expect(await check(attempt(person.email, 'right-password'))).not.toBeNull();
    for (let i = 0; i < 4; i += 1) expect(await check(attempt(person.email, 'wrong'))).toBeNull();
    expect(await check(attempt(person.email, 'right-password'))).not.toBeNull();
  });
});
