/**
 * Rate limiting at the gateway, by who the caller really is: two extra gateways with
 * small limits are started beside the stack, on its NATS, so the limits are reached quickly and
 * the counters they share are seen from both. They trust `X-Forwarded-For`, so each test counts
 * against an address of its own (the stack's gateway counts 127.0.0.1 in the same bucket).
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, mediaType } from '../../support/api.js';
import { newNetwork } from '../../support/factories/core.js';
import { startExtraGateway, type ExtraGateway } from '../../support/extra-gateway.js';

const LIMIT = 6;
const TOKEN_LIMIT = 3;
const gateways: ExtraGateway[] = [];
let urlA: string;
let urlB: string;

async function startGateway(): Promise<string> {
  const gateway = await startExtraGateway('rate-limit', {
    TRUST_PROXY: 'true',
    RATE_LIMIT_MAX: String(LIMIT),
    // Windows are fixed (aligned to multiples of their length): an hour makes a test crossing
    // into the next window, and so starting at zero again, all but impossible.
    RATE_LIMIT_WINDOW_MS: '3600000',
    TOKEN_RATE_LIMIT_MAX: String(TOKEN_LIMIT),
    TOKEN_RATE_LIMIT_WINDOW_MS: '3600000',
  });
  gateways.push(gateway);
  return gateway.url;
}

beforeAll(async () => {
  [urlA, urlB] = await Promise.all([startGateway(), startGateway()]);
});

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.stop()));
});

/** An address no other test (and no window before this one) has used. */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function send(
  url: string,
  path: string,
  address: string,
  init: { method?: string; token?: string; form?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { 'x-forwarded-for': address, accept: mediaType() };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  return fetch(`${url}${path}`, {
    method: init.method ?? (init.form ? 'POST' : 'GET'),
    headers,
    body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    redirect: 'manual',
  });
}

const remaining = (response: Response) => Number(response.headers.get('x-ratelimit-remaining'));

/** The loop: a password grant for nobody, with a made-up bearer token each time. */
const madeUpTokenGrant = (url: string, address: string, i: number) =>
  fetch(`${url}/oauth/v2/token`, {
    method: 'POST',
    headers: {
      'x-forwarded-for': address,
      authorization: `Bearer rnd${i}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'nobody@x.example',
      password: 'x',
      client_id: demo.clientId,
      client_secret: demo.clientSecret,
    }).toString(),
  });

describe('rate limiting', () => {
  it('answers 429 problem+json with Retry-After once a person exceeds the limit, per person', async () => {
    const network = await newNetwork();
    const [first, second] = await Promise.all([network.admin.token(), (await network.newMember()).token()]);
    const address = freshAddress();
    const statuses = [];
    for (let i = 0; i < LIMIT; i += 1)
      statuses.push((await send(urlA, '/whoami/', address, { token: first })).status);
    expect(statuses).toEqual(Array<number>(LIMIT).fill(200));

    const limited = await send(urlA, '/whoami/', address, { token: first });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(limited.headers.get('x-request-id')).toBeTruthy();
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(remaining(limited)).toBe(0);
    const problem = (await limited.json()) as { status: number; title: string; code: number; type: string };
    expect(problem).toMatchObject({ status: 429, title: 'Too Many Requests', code: -12 });
    // The type is the gateway's own page for the error, absolute like every other problem's.
    expect(problem.type).toMatch(/^http:\/\/[^/]+\/docs\/problems\/too-many-requests$/);

    // Another person has a budget of their own, from the same address.
    expect((await send(urlA, '/whoami/', address, { token: second })).status).toBe(200);
  });

  it('counts made-up bearer tokens on the token endpoint against the address (the issue loop), up to 429', async () => {
    const address = freshAddress();
    const answers = [];
    for (let i = 1; i <= TOKEN_LIMIT; i += 1) answers.push(await madeUpTokenGrant(urlA, address, i));
    expect(answers.map((a) => a.status)).toEqual(Array<number>(TOKEN_LIMIT).fill(400));
    expect(answers.map(remaining)).toEqual([2, 1, 0]);
    expect(answers[0]!.headers.get('x-ratelimit-limit')).toBe(String(TOKEN_LIMIT));

    const limited = await madeUpTokenGrant(urlA, address, TOKEN_LIMIT + 1);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts 404, 405 and 401 answers against the address', async () => {
    const address = freshAddress();
    const answers = [
      await send(urlA, '/no-such-route/', address),
      await send(urlA, '/whoami/', address, { method: 'DELETE' }),
      await send(urlA, '/whoami/', address),
      await send(urlA, '/whoami/', address, { token: 'made-up-token' }),
      await send(urlA, `/networks/${'0'.repeat(24)}/`, address, { token: 'another-made-up-token' }),
      await send(urlA, '/no-such-route/', address, { method: 'PUT' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 405, 401, 401, 401, 404]);
    expect(answers.map(remaining)).toEqual([5, 4, 3, 2, 1, 0]);
    const limited = await send(urlA, '/no-such-route/', address);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('gives two tokens of one person one budget', async () => {
    const network = await newNetwork();
    const tokens = [await network.admin.token(), await network.admin.token()];
    expect(tokens[0]).not.toBe(tokens[1]);
    const address = freshAddress();
    const answers = [];
    for (let i = 0; i < LIMIT; i += 1)
      answers.push(await send(urlA, '/whoami/', address, { token: tokens[i % 2] }));
    expect(answers.map((a) => a.status)).toEqual(Array<number>(LIMIT).fill(200));
    expect(answers.map(remaining)).toEqual([5, 4, 3, 2, 1, 0]);
    expect((await send(urlA, '/whoami/', freshAddress(), { token: tokens[1] })).status).toBe(429);
  });

  it('shares one budget between two gateway instances', async () => {
    const address = freshAddress();
    const answers = [];
    for (let i = 0; i < LIMIT; i += 1)
      answers.push(await send(i % 2 ? urlB : urlA, '/no-such-route/', address));
    expect(answers.map(remaining)).toEqual([5, 4, 3, 2, 1, 0]);
    expect((await send(urlB, '/no-such-route/', address)).status).toBe(429);
    expect((await send(urlA, '/no-such-route/', address)).status).toBe(429);
  });

  it('limits the token endpoint and the sign-in form more strictly, apart from the other routes', async () => {
    const address = freshAddress();
    for (let i = 1; i <= TOKEN_LIMIT; i += 1)
      expect((await madeUpTokenGrant(urlA, address, i)).status).toBe(400);
    expect((await madeUpTokenGrant(urlA, address, 0)).status).toBe(429);
    // The form of the authorization page shares the sign-in budget…
    const form = await send(urlA, '/auth', address, { form: { form_token: 'x', action: 'login' } });
    expect(form.status).toBe(429);
    expect(form.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    // …while the address's general budget is untouched.
    const other = await send(urlA, '/whoami/', address);
    expect(other.status).toBe(401);
    expect(other.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
    expect(remaining(other)).toBe(LIMIT - 1);

    const elsewhere = freshAddress();
    const forms = [];
    for (let i = 0; i <= TOKEN_LIMIT; i += 1)
      forms.push(
        (await send(urlA, '/auth', elsewhere, { form: { form_token: 'x', action: 'login' } })).status,
      );
    expect(forms).toEqual([400, 400, 400, 429]);
  });

  it('never limits the probes', async () => {
    const address = freshAddress();
    for (let i = 0; i < LIMIT + 2; i += 1) {
      const response = await send(urlA, '/health', address);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-ratelimit-remaining')).toBeNull();
    }
  });
});
