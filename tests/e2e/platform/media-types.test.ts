/**
 * Media types for off-the-shelf clients (ARCHITECTURE §5): a client that asks for
 * `application/hal+json` or `application/json` is answered in it (HAL and JSON libraries do not
 * know the vendor type), no `Accept` and `*\/*` in `application/hal+json`; the version of those is
 * the `version=` parameter, else the `Api-Version` header, else the latest. Every response names its
 * version in `Api-Version`. Also: the same access token in the header and the query is one caller.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, LATEST, mediaType } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';

afterAll(closeFactories);

let token: string;
let networkEID: string;

beforeAll(async () => {
  const network = await newNetwork('Media types');
  networkEID = network.networkEID;
  token = await network.admin.token();
});

const networkPath = () => `/networks/${networkEID}/`;
const aggregatePath = () => `/networks/${networkEID}/aggregate/`;
/** Before 1.0.18 the aggregate embeds the network; from then on it has only links. */
const OLD_AGGREGATE = '1.0.17';

describe('the media type of the answer', () => {
  it.each([
    ['application/hal+json', 'application/hal+json'],
    ['application/json', 'application/json'],
    ['*/*', 'application/hal+json'],
    ['no Accept', 'application/hal+json'],
    ['text/html;q=0.9, application/json', 'application/json'],
    ['application/hal+json, application/json;q=0.5', 'application/hal+json'],
    [mediaType(), mediaType()],
    [mediaType('2024.1.0'), mediaType('2024.1.0')],
  ])('answers Accept %s in %s, naming the version', async (accept, contentType) => {
    const response = await call(networkPath(), {
      token,
      accept: accept === 'no Accept' ? null : accept,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(response.headers.get('api-version')).toBe(contentType.includes('2024.1.0') ? '2024.1.0' : LATEST);
    expect(response.headers.get('vary')).toMatch(/Accept/);
    expect(response.headers.get('vary')).toMatch(/Api-Version/);
    // HAL whatever the media type: the links are there.
    expect((response.body._links as { self: { href: string } }).self.href).toBe(
      `${baseUrl()}${networkPath()}`,
    );
  });

  it('keeps problems in application/problem+json, with the version', async () => {
    const response = await call('/networks/0123456789abcdef01234567/', { token, accept: 'application/json' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.headers.get('api-version')).toBe(LATEST);
  });
});

describe('the version of a generic media type', () => {
  it('is the latest by default: the aggregate has only links', async () => {
    const response = await call(aggregatePath(), { token, accept: 'application/hal+json' });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['_links']);
  });

  it('is the version= parameter of the Accept entry', async () => {
    const response = await call(aggregatePath(), {
      token,
      accept: `application/hal+json; version=${OLD_AGGREGATE}`,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/hal+json');
    expect(response.headers.get('api-version')).toBe(OLD_AGGREGATE);
    expect(Object.keys(response.body)).not.toEqual(['_links']);
  });

  it('is the Api-Version header where the entry names none', async () => {
    const response = await call(aggregatePath(), {
      token,
      accept: 'application/json',
      headers: { 'api-version': OLD_AGGREGATE },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('api-version')).toBe(OLD_AGGREGATE);
    expect(Object.keys(response.body)).not.toEqual(['_links']);
  });

  it('of a vendor media type is the one it names, whatever Api-Version says', async () => {
    const response = await call(aggregatePath(), {
      token,
      accept: mediaType(LATEST),
      headers: { 'api-version': OLD_AGGREGATE },
    });
    expect(response.headers.get('api-version')).toBe(LATEST);
    expect(Object.keys(response.body)).toEqual(['_links']);
  });

  it.each([
    ['a version= parameter', { accept: 'application/hal+json; version=1.8.2' }],
    ['an Api-Version header', { accept: 'application/json', headers: { 'api-version': '2026.1.14' } }],
    ['a malformed Api-Version header', { accept: null, headers: { 'api-version': 'v2' } }],
  ])('refuses an unknown version in %s with 406 naming the range', async (_label, options) => {
    const response = await call(networkPath(), { token, ...options });
    expect(response.status).toBe(406);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.headers.get('api-version')).toBe(LATEST);
    expect(response.body.detail).toMatch(/1\.0\.2.*1\.6\.8.*2023\.0\.1.*2026\.1\.13/);
  });

  it('names the negotiated version on a problem too', async () => {
    const response = await call(networkPath(), {
      accept: 'application/json',
      headers: { 'api-version': '1.4.8' },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('api-version')).toBe('1.4.8');
  });
});

describe('Api-Version outside the route table', () => {
  it.each(['/health', '/openapi.json', '/no/such/route'])('is on %s', async (path) => {
    const response = await call(path);
    expect(response.headers.get('api-version')).toBe(LATEST);
  });
});

describe('Api-Version on the live stream', () => {
  // The stream's reply is hijacked, out of reach of the hook that names the version elsewhere.
  it('is on the text/event-stream answer', async () => {
    const response = await fetch(`${baseUrl()}/networks/${networkEID}/stream?closeAfter=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.body?.cancel();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('api-version')).toBe(LATEST);
  });
});

describe('the access token in the header and the query', () => {
  it('accepts the same token both ways', async () => {
    const response = await call(`${networkPath()}?access_token=${encodeURIComponent(token)}`, { token });
    expect(response.status, response.text).toBe(200);
  });

  it('refuses two different tokens with 401 invalid_request', async () => {
    const response = await call(`${networkPath()}?access_token=${encodeURIComponent(`${token}x`)}`, {
      token,
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_request"');
  });
});
