/**
 * The owner of an account that failed sign-ins locked gets a `sign_in_locked` alert in every network
 * where they have an active profile (auth records one `auth.account.sign_in_locked` per profile),
 * about that profile, with no originator and `lockedUntil`/`failedAttempts` in `appData`; nobody
 * else in the network gets one. The failures go through a gateway of the test's own that trusts
 * `X-Forwarded-For`, from an address of their own, so the stack's 127.0.0.1 budget is untouched
 * (e2e/oauth/credential-guessing.test.ts). The stack locks an account at its 5th failure.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, networkOf } from '../../support/api.js';
import { addToNetwork, closeFactories, newNetwork } from '../../support/factories/core.js';
import { alertsOf, waitForAlert } from '../../support/factories/notifications.js';
import { startExtraGateway, type ExtraGateway } from '../../support/extra-gateway.js';

let gateway: ExtraGateway;

beforeAll(async () => {
  gateway = await startExtraGateway('sign-in-locked', { TRUST_PROXY: 'true' });
});

afterAll(async () => {
  await gateway?.stop();
  await closeFactories();
});

async function wrongPassword(username: string, address: string, attempt: number): Promise<void> {
  const response = await fetch(`${gateway.url}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'x-forwarded-for': address, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username,
      password: `wrong-${attempt}`,
      client_id: demo.clientId,
      client_secret: demo.clientSecret,
    }).toString(),
  });
  expect(response.status).toBe(400);
}

describe('a sign-in lock', () => {
  it("alerts the account's owner in each of their networks, and nobody else", async () => {
    const [first, second] = await Promise.all([newNetwork('Locked here'), newNetwork('Locked there')]);
    const owner = await first.newMember();
    await addToNetwork(owner.email, second.networkEID);
    // Signed in before the lock: the token still reads the alerts while sign-in is locked.
    const [token, colleagueToken] = await Promise.all([owner.token(), first.admin.token()]);
    const there = await networkOf(token, second.subdomain);

    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    for (let attempt = 0; attempt < 5; attempt += 1) await wrongPassword(owner.email, address, attempt);

    for (const [networkEID, profileEID] of [
      [first.networkEID, owner.profileEID],
      [second.networkEID, there.profileEID],
    ] as const) {
      const alert = await waitForAlert(networkEID, token, 'sign_in_locked');
      expect(alert, networkEID).toMatchObject({
        category: 'system',
        actionability: 'non-actionable',
        subject: { type: 'user', EID: profileEID },
        originators: [],
        numOriginators: 0,
        groups: [],
        appData: { failedAttempts: 5 },
      });
      expect(Date.parse(alert!.appData!.lockedUntil as string)).toBeGreaterThan(Date.now());
    }
    // Written for the owner's profile only: the network's administrator has none.
    const others = await alertsOf(first.networkEID, colleagueToken);
    expect(others.filter((alert) => alert.alertType === 'sign_in_locked')).toEqual([]);
  });
});
