/**
 * `GET /`, the entry point a generic HAL client starts from: public links for everyone, and with
 * a valid token the caller's networks and their aggregates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, LATEST, mediaType } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';

afterAll(closeFactories);

interface Link {
  href: string;
  templated?: boolean;
  name?: string;
  title?: string;
}
interface EntryPoint {
  type: string;
  _links: Record<string, Link | Link[]>;
}

const PUBLIC_RELATIONS = ['self', 'token', 'authorize', 'docs', 'openapi', 'whoami', 'network'];

let first: TestNetwork;
let token: string;

beforeAll(async () => {
  first = await newNetwork('Entry one');
  token = await (await first.newMember()).token();
});

describe('GET / without a token', () => {
  it('links to what a client starts from, absolute, in application/hal+json', async () => {
    const response = await call<EntryPoint>('/', { accept: null });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/hal+json');
    expect(response.headers.get('api-version')).toBe(LATEST);
    expect(response.headers.get('vary')).toMatch(/Accept/);
    const links = response.body._links;
    expect(Object.keys(links).sort()).toEqual([...PUBLIC_RELATIONS].sort());
    const base = baseUrl();
    expect(links).toEqual({
      self: { href: `${base}/` },
      token: { href: `${base}/oauth/v2/token` },
      authorize: { href: `${base}/auth` },
      docs: { href: `${base}/docs` },
      openapi: { href: `${base}/openapi.json` },
      whoami: { href: `${base}/whoami/` },
      network: { href: `${base}/networks/{networkEID}/`, templated: true },
    });
  });

  it('leads somewhere: the document and the docs answer', async () => {
    const { body } = await call<EntryPoint>('/', { accept: null });
    const openapi = await fetch((body._links.openapi as Link).href);
    expect(openapi.status).toBe(200);
    const docs = await fetch((body._links.docs as Link).href);
    expect(docs.status).toBe(200);
  });

  it('is negotiated like every resource', async () => {
    const vendor = await call<EntryPoint>('/', { accept: mediaType('2024.1.0') });
    expect(vendor.headers.get('content-type')).toBe(mediaType('2024.1.0'));
    expect(vendor.headers.get('api-version')).toBe('2024.1.0');
    const json = await call<EntryPoint>('/', { accept: 'application/json' });
    expect(json.headers.get('content-type')).toBe('application/json');
    const refused = await call('/', { accept: 'application/hal+json; version=1.8.2' });
    expect(refused.status).toBe(406);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});

describe('GET / with a token', () => {
  it("lists the caller's networks and their aggregates, named and titled", async () => {
    const response = await call<EntryPoint>('/', { token, accept: 'application/hal+json' });
    expect(response.status, response.text).toBe(200);
    const links = response.body._links;
    expect(Object.keys(links).sort()).toEqual([...PUBLIC_RELATIONS, 'networks', 'aggregates'].sort());
    const base = baseUrl();
    expect(links.networks).toEqual([
      { href: `${base}/networks/${first.networkEID}/`, name: first.networkEID, title: 'Entry one' },
    ]);
    expect(links.aggregates).toEqual([
      { href: `${base}/networks/${first.networkEID}/aggregate/`, name: first.networkEID, title: 'Entry one' },
    ]);
    for (const link of [...(links.networks as Link[]), ...(links.aggregates as Link[])]) {
      const followed = await call(link.href.slice(base.length), { token });
      expect(followed.status, link.href).toBe(200);
    }
    const whoami = await call((links.whoami as Link).href.slice(base.length), { token });
    expect(whoami.status).toBe(200);
  });

  it('takes the token from the query too', async () => {
    const response = await call<EntryPoint>(`/?access_token=${encodeURIComponent(token)}`);
    expect(response.status).toBe(200);
    expect(response.body._links.networks).toHaveLength(1);
  });

  it('refuses an invalid token with 401, as everywhere', async () => {
    const response = await call('/', { token: 'not-a-valid-token' });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});
