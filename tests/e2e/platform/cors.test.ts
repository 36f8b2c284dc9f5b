/**
 * Browsers: cross-origin calls with a bearer token (CORS). A gateway of the test's own allows two
 * exact origins; another allows any (`*`); the stack's gateway, at the default, allows none.
 * Preflights of allowed origins are 204 with the methods, headers and a max-age; anything else
 * gets no CORS header at all. Credentials are never allowed (tokens, no cookies).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, mediaType } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { streamPath } from '../../support/factories/stream.js';
import { startExtraGateway, type ExtraGateway } from '../../support/extra-gateway.js';

afterAll(closeFactories);

const ALLOWED = 'http://app.example';
const gateways: ExtraGateway[] = [];
let exact: string;
let anyOrigin: string;
let network: TestNetwork;
let token: string;

beforeAll(async () => {
  const started = await Promise.all([
    startExtraGateway('cors', { CORS_ORIGINS: `${ALLOWED}, http://other.example:8080` }),
    startExtraGateway('cors-any', { CORS_ORIGINS: '*' }),
  ]);
  gateways.push(...started);
  [exact, anyOrigin] = started.map((gateway) => gateway.url) as [string, string];
  network = await newNetwork('CORS');
  token = await network.admin.token();
});

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.stop()));
});

function preflight(url: string, origin: string, method = 'GET', headers = 'authorization, accept') {
  return fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': headers,
    },
  });
}

const corsHeaders = (response: Response) =>
  [...response.headers.keys()].filter((name) => name.startsWith('access-control-'));

describe('preflights', () => {
  it('answers an allowed origin 204 with the methods, the headers and a max-age, no credentials', async () => {
    const response = await preflight(`${exact}/networks/${network.networkEID}/`, ALLOWED);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(response.headers.get('access-control-allow-methods')).toContain('GET');
    const allowedHeaders = response.headers.get('access-control-allow-headers')!.toLowerCase();
    for (const name of ['authorization', 'content-type', 'idempotency-key', 'last-event-id', 'api-version'])
      expect(allowedHeaders).toContain(name);
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('vary')).toMatch(/origin/i);
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers the preflight of a write and of the live stream', async () => {
    const write = await preflight(
      `${exact}/networks/${network.networkEID}/messages/`,
      'http://other.example:8080',
      'POST',
      'authorization, content-type, idempotency-key',
    );
    expect(write.status).toBe(204);
    expect(write.headers.get('access-control-allow-methods')).toContain('POST');
    const stream = await preflight(
      `${exact}${streamPath(network.networkEID)}`,
      ALLOWED,
      'GET',
      'last-event-id',
    );
    expect(stream.status).toBe(204);
    expect(stream.headers.get('access-control-allow-origin')).toBe(ALLOWED);
  });

  it('gives an origin that is not allowed no CORS header at all', async () => {
    const response = await preflight(`${exact}/networks/${network.networkEID}/`, 'http://evil.example');
    expect(response.status).toBe(405);
    expect(corsHeaders(response)).toEqual([]);
    // Nor a look-alike: origins are compared exactly.
    const lookAlike = await preflight(`${exact}/networks/${network.networkEID}/`, `${ALLOWED}.evil.example`);
    expect(corsHeaders(lookAlike)).toEqual([]);
  });

  it('allows none by default (the stack), and any with `*`', async () => {
    const none = await call(`/networks/${network.networkEID}/`, {
      method: 'OPTIONS',
      headers: { origin: ALLOWED, 'access-control-request-method': 'GET' },
    });
    expect([...none.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const any = await preflight(`${anyOrigin}/networks/${network.networkEID}/`, 'http://anywhere.example');
    expect(any.status).toBe(204);
    expect(any.headers.get('access-control-allow-origin')).toBe('*');
    expect(any.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('requests', () => {
  it('lets an allowed origin read an answer and its headers', async () => {
    const response = await fetch(`${exact}/networks/${network.networkEID}/`, {
      headers: { origin: ALLOWED, authorization: `Bearer ${token}`, accept: mediaType() },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const exposed = response.headers.get('access-control-expose-headers')!.toLowerCase();
    for (const name of ['etag', 'location', 'retry-after', 'x-request-id', 'link', 'content-disposition'])
      expect(exposed).toContain(name);
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('keeps the headers on a refusal, and none for another origin', async () => {
    const refused = await fetch(`${exact}/networks/${network.networkEID}/`, {
      headers: { origin: ALLOWED, accept: mediaType() },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const other = await fetch(`${exact}/networks/${network.networkEID}/`, {
      headers: { origin: 'http://evil.example', authorization: `Bearer ${token}`, accept: mediaType() },
    });
    expect(other.status).toBe(200);
    expect(corsHeaders(other)).toEqual([]);
  });

  it('opens the live stream cross-origin with the token in the query (as an EventSource must)', async () => {
    const abort = new AbortController();
    const response = await fetch(
      `${exact}${streamPath(network.networkEID)}?access_token=${encodeURIComponent(token)}`,
      { headers: { origin: ALLOWED, accept: 'text/event-stream' }, signal: abort.signal },
    );
    try {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    } finally {
      abort.abort();
    }
  });
});
