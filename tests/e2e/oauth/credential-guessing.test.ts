/**
 * Password guessing (OWASP ASVS 2.2, RFC 9700 §4.5): failed sign-ins are throttled per
 * account and per client address, with growing delays and then a lock, the same for names that
 * have no account; the owner of a locked account gets a security alert event. A gateway of its own
 * trusts `X-Forwarded-For`, so every test signs in from addresses of its own (the stack's other
 * tests all come from 127.0.0.1). Auth runs with the stack's settings: an account locks at its 5th
 * failure (answers delayed 1 s and 2 s at the 3rd and 4th), an address at its 25th.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSignInLockedSubject } from '@ncs/contracts';
import { demo } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
import { newNetwork, uniqueSuffix, type TestNetwork, type TestPerson } from '../../support/factories/core.js';
import { authorizeUrl, formToken, installOverHttp, newApp, REDIRECT } from '../../support/factories/apps.js';
import { startExtraGateway, type ExtraGateway } from '../../support/extra-gateway.js';

const LOCKED = /temporarily locked/;
const ADDRESS_MAX_FAILURES = 25;
let gateway: ExtraGateway;
let url: string;
const events = new EventReader();

beforeAll(async () => {
  gateway = await startExtraGateway('credential-guessing', {
    TRUST_PROXY: 'true',
    RATE_LIMIT_MAX: '100000',
    TOKEN_RATE_LIMIT_MAX: '100000',
  });
  url = gateway.url;
  await events.open();
});

afterAll(async () => {
  await events.close();
  await gateway.stop();
});

const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

interface Answer {
  readonly status: number;
  readonly body: { access_token?: string; error?: string; error_description?: string };
}

async function grant(username: string, password: string, address: string): Promise<Answer> {
  const response = await fetch(`${url}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'x-forwarded-for': address, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username,
      password,
      client_id: demo.clientId,
      client_secret: demo.clientSecret,
    }).toString(),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** Eight wrong passwords, then `finalPassword`, all from `address`: the answers, without tokens. */
async function eightWrongThen(username: string, finalPassword: string, address: string) {
  const answers: Answer[] = [];
  for (let i = 0; i < 8; i += 1) answers.push(await grant(username, `wrong-${i}`, address));
  answers.push(await grant(username, finalPassword, address));
  return answers;
}

describe('the password grant', () => {
  it('refuses the right password after eight wrong ones, and answers an unknown account exactly alike', async () => {
    const network = await newNetwork();
    const person = await network.newMember();
    const ghost = `ghost-${uniqueSuffix()}@${network.subdomain}.example`;
    const [known, unknown] = await Promise.all([
      eightWrongThen(person.email, person.password, freshAddress()),
      eightWrongThen(ghost, 'any-password-1', freshAddress()),
    ]);
    expect(known).toEqual(unknown);
    expect(known.map((a) => a.status)).toEqual(Array<number>(9).fill(400));
    expect(known.map((a) => a.body.error)).toEqual(Array<string>(9).fill('invalid_grant'));
    // Five wrong passwords are checked (the 5th locks the account); the rest are refused unchecked.
    expect(known.slice(0, 5).map((a) => a.body.error_description)).toEqual(
      Array<string>(5).fill('The username or password is wrong.'),
    );
    for (const answer of known.slice(5)) expect(answer.body.error_description).toMatch(LOCKED);
    expect(known[8]!.body.access_token).toBeUndefined();
    // The lock is the account's, not the address's: another address is refused too.
    expect((await grant(person.email, person.password, freshAddress())).body.error_description).toMatch(
      LOCKED,
    );
  });

  it('delays the answers to the third and fourth failures', async () => {
    const network = await newNetwork();
    const person = await network.newMember();
    const address = freshAddress();
    const took: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const began = Date.now();
      expect((await grant(person.email, 'wrong', address)).body.error_description).toBe(
        'The username or password is wrong.',
      );
      took.push(Date.now() - began);
    }
    expect(took[2]).toBeGreaterThanOrEqual(1_000);
    expect(took[3]).toBeGreaterThanOrEqual(2_000);
    // A right password before the lock still signs in, and starts the count afresh.
    expect((await grant(person.email, person.password, address)).status).toBe(200);
  });

  it('locks only the account guessed at: another account still signs in from the same address', async () => {
    const network = await newNetwork();
    const [victim, colleague] = [await network.newMember(), await network.newMember()];
    const address = freshAddress();
    await eightWrongThen(victim.email, victim.password, address);
    const other = await grant(colleague.email, colleague.password, address);
    expect(other.status).toBe(200);
    expect(other.body.access_token).toBeTruthy();
  });

  it('alerts the owner of a locked account: auth.account.sign_in_locked in each of their networks', async () => {
    const network = await newNetwork();
    const person = await network.newMember();
    await eightWrongThen(person.email, person.password, freshAddress());
    const [event] = await events.eventsOf(accountSignInLockedSubject, network.networkEID, 1);
    expect(event).toMatchObject({
      type: 'auth.account.sign_in_locked',
      networkEID: network.networkEID,
      data: { profileEID: person.profileEID, failedAttempts: 5 },
    });
    const data = (event as { data: { lockedUntil: string } }).data;
    expect(Date.parse(data.lockedUntil)).toBeGreaterThan(Date.now() + 10 * 60_000);
    expect(JSON.stringify(event)).not.toContain(person.password);
    // Exactly one alert for one lock, however many refused attempts follow.
    expect(await events.eventsOf(accountSignInLockedSubject, network.networkEID, 2)).toHaveLength(1);
  });

  it('locks an address after its own threshold of failures across names; other addresses still sign in', async () => {
    const network = await newNetwork();
    const person = await network.newMember();
    const address = freshAddress();
    for (let i = 0; i < ADDRESS_MAX_FAILURES; i += 1) {
      const answer = await grant(`n${i}-${uniqueSuffix()}@x.example`, 'wrong', address);
      expect(answer.body.error_description, `failure ${i + 1}`).toBe('The username or password is wrong.');
    }
    const refused = await grant(person.email, person.password, address);
    expect(refused.status).toBe(400);
    expect(refused.body.error_description).toMatch(LOCKED);
    expect((await grant(person.email, person.password, freshAddress())).status).toBe(200);
  });
});

describe('the sign-in form of the authorization page', () => {
  async function openLogin(app: { clientId: string }, network: TestNetwork, address: string) {
    const response = await fetch(
      `${url}${authorizeUrl({
        client_id: app.clientId,
        redirect_uri: REDIRECT,
        scope: 'profile.basic.read',
        state: 'st',
        network: network.subdomain,
      })}`,
      { headers: { 'x-forwarded-for': address }, redirect: 'manual' },
    );
    return { status: response.status, html: await response.text() };
  }

  async function submit(html: string, person: { email: string }, password: string, address: string) {
    const response = await fetch(`${url}/auth`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'x-forwarded-for': address, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        form_token: formToken({ status: 200, html, headers: new Headers(), location: undefined }),
        action: 'login',
        email: person.email,
        password,
      }).toString(),
    });
    return { status: response.status, html: await response.text() };
  }

  it('shares the account lock with the password grant and refuses the right password while locked', async () => {
    const network = await newNetwork();
    const app = await newApp();
    await installOverHttp(network, app);
    const person: TestPerson = await network.newMember();
    const address = freshAddress();
    // Three wrong passwords on the form (each answer is the form again; a form allows five)…
    let page = await openLogin(app, network, address);
    for (let i = 0; i < 3; i += 1) {
      page = await submit(page.html, person, `wrong-${i}`, address);
      expect(page.status).toBe(200);
      expect(page.html).toContain('The email or password is wrong');
    }
    // …and two on the token endpoint lock the account for both.
    await grant(person.email, 'wrong-3', address);
    await grant(person.email, 'wrong-4', address);
    const locked = await submit(page.html, person, person.password, address);
    expect(locked.status).toBe(200);
    expect(locked.html).toMatch(LOCKED);
    expect(locked.html).not.toContain('id="accept"');
  });
});
