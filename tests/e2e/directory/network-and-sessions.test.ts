/**
 * Network, aggregate and whoami through the gateway: HAL, version negotiation, authentication,
 * validation and tenant isolation (spec: Conventions, Aggregate resource, Network resource,
 * Versioning; ARCHITECTURE §5, §7, §8, §9).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, demo, mediaType, networkOf, tokenFor, type WhoamiBody } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';

afterAll(closeFactories);

let alice: string;
let gina: string;
let acme: { networkEID: string; profileEID: string };
let globex: { networkEID: string; profileEID: string };

beforeAll(async () => {
  [alice, gina] = await Promise.all([tokenFor(demo.alice), tokenFor(demo.gina)]);
  [acme, globex] = await Promise.all([networkOf(alice, 'acme'), networkOf(gina, 'globex')]);
});

const problemType = /^application\/problem\+json/;

describe('GET /networks/{networkEID}/', () => {
  it('answers the HAL network resource with absolute links', async () => {
    const response = await call(`/networks/${acme.networkEID}/`, { token: alice });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      type: 'network',
      EID: acme.networkEID,
      name: 'Acme Corp',
      subdomain: 'acme',
      description: '',
      allowChatCustomSettings: false,
      subscription: { type: expect.any(String), since: expect.stringMatching(/T.*[+-]\d\d:\d\d$/) },
    });
    const links = response.body._links as Record<string, { href: string }>;
    expect(links.self?.href).toBe(`${baseUrl()}/networks/${acme.networkEID}/`);
    expect(links.userProfile?.href).toBe(
      `${baseUrl()}/networks/${acme.networkEID}/users/${acme.profileEID}/`,
    );
    // No emblem is set, so there is no emblem link (a link with nothing behind it is omitted).
    expect(links.emblem).toBeUndefined();
  });

  it('answers timestamps with a numeric offset that has a colon', async () => {
    const response = await call(`/networks/${acme.networkEID}/`, { token: alice });
    for (const field of ['created', 'lastModified']) {
      expect(response.body[field]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$/);
    }
  });

  it('accepts the token as the access_token query parameter', async () => {
    const response = await call(`/networks/${acme.networkEID}/?access_token=${encodeURIComponent(alice)}`);
    expect(response.status).toBe(200);
    expect((response.body._links as { self: { href: string } }).self.href).not.toContain('access_token');
  });

  it('answers the negotiated media type with Vary: Accept and a request id', async () => {
    const response = await call(`/networks/${acme.networkEID}/`, {
      token: alice,
      accept: mediaType('2024.1.0'),
    });
    expect(response.headers.get('content-type')).toBe('application/vnd.ncs.api-v2024.1.0+json+hal');
    expect(response.headers.get('vary')).toMatch(/Accept/i);
    expect(response.headers.get('x-request-id')).toMatch(/^[\w.:-]+$/);
  });

  // Generic media types are answered in themselves (no Accept and */* in application/hal+json),
  // the version named by Api-Version (platform/media-types.test.ts).
  it.each([
    ['absent', null, 'application/hal+json'],
    ['*/*', '*/*', 'application/hal+json'],
    ['application/json', 'application/json', 'application/json'],
    ['application/hal+json', 'application/hal+json', 'application/hal+json'],
  ])('answers the latest version when Accept is %s', async (_label, accept, contentType) => {
    const response = await call(`/networks/${acme.networkEID}/`, { token: alice, accept });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(contentType);
    expect(response.headers.get('api-version')).toBe('2026.1.13');
  });

  it('keeps a caller-supplied X-Request-Id and makes one otherwise', async () => {
    const given = await call(`/networks/${acme.networkEID}/`, {
      token: alice,
      headers: { 'x-request-id': 'trace-me-123' },
    });
    expect(given.headers.get('x-request-id')).toBe('trace-me-123');
    const a = await call(`/networks/${acme.networkEID}/`, { token: alice });
    const b = await call(`/networks/${acme.networkEID}/`, { token: alice });
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
  });

  it('answers 404 to a member of another network (cross-tenant read), as for a network that does not exist', async () => {
    const cross = await call(`/networks/${acme.networkEID}/`, { token: gina });
    expect(cross.status).toBe(404);
    expect(cross.headers.get('content-type')).toMatch(problemType);
    const missing = await call('/networks/0123456789abcdef01234567/', { token: gina });
    expect(missing.status).toBe(404);
    expect(cross.body.code).toBe(missing.body.code);
    expect(cross.body.detail).toBe(missing.body.detail);
  });

  it('answers 404 to a suspended member', async () => {
    const network = await newNetwork();
    const person = await network.newMember();
    const token = await person.token();
    expect((await call(`/networks/${network.networkEID}/`, { token })).status).toBe(200);
    await person.suspend();
    // The gateway caches a token's principal for a few seconds; the store answers after that.
    await new Promise((r) => setTimeout(r, 5_500));
    expect((await call(`/networks/${network.networkEID}/`, { token })).status).toBe(404);
  });

  it('answers 400 naming the field for a malformed network EID', async () => {
    const response = await call('/networks/not-an-eid/', { token: alice });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(problemType);
    expect(response.body.errors).toEqual([expect.objectContaining({ pointer: '/params/networkEID' })]);
  });
});

describe('authentication', () => {
  it.each([
    ['no token', {}],
    ['an unknown token', { authorization: 'Bearer abcdefabcdefabcdefabcdef' }],
    ['a malformed Authorization header', { authorization: 'Token abc' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('answers 401 problem+json with WWW-Authenticate for %s', async (_label, headers) => {
    const response = await call(`/networks/${acme.networkEID}/`, { headers });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(problemType);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="ncs"/);
    expect(response.body).toMatchObject({ status: 401, title: 'Unauthorized', code: -3 });
  });

  it('says invalid_token in WWW-Authenticate for an unknown token', async () => {
    const response = await call('/whoami/', { token: 'unknown-token-value' });
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});

describe('version negotiation', () => {
  it.each([
    ['malformed', 'application/vnd.ncs.api-v1.x+json+hal'],
    ['two-part', 'application/vnd.ncs.api-v1.2+json+hal'],
    ['unknown (between the ranges)', 'application/vnd.ncs.api-v1.8.2+json+hal'],
    ['unknown (newer than latest)', 'application/vnd.ncs.api-v2026.1.14+json+hal'],
    ['unknown (older than first)', 'application/vnd.ncs.api-v1.0.1+json+hal'],
    ['not JSON at all', 'text/html'],
  ])('answers 406 problem+json for a %s version', async (_label, accept) => {
    const response = await call(`/networks/${acme.networkEID}/`, { token: alice, accept });
    expect(response.status).toBe(406);
    expect(response.headers.get('content-type')).toMatch(problemType);
    expect(response.body.detail).toMatch(/1\.0\.2.*1\.6\.8.*2023\.0\.1.*2026\.1\.13/);
  });

  it('negotiates before authenticating: a bad version is 406 even without a token', async () => {
    const response = await call(`/networks/${acme.networkEID}/`, {
      accept: 'application/vnd.ncs.api-v9.9.9+json+hal',
    });
    expect(response.status).toBe(406);
  });
});

describe('GET /networks/{networkEID}/aggregate/', () => {
  const relations = [
    'self',
    'newFeatures',
    'whoami',
    'networkProfile',
    'settings',
    'networkTimeline',
    'unreadConversations',
    'myGroups',
    'groupInvites',
    'administeredGroups',
    'groupTypes',
    'apps',
    'widgets',
    // Beyond the spec: the caller's live stream and saved items.
    'liveStream',
    'savedItems',
  ];

  it('is an empty resource with only the spec relations, the live stream and saved items from v1.0.18 on', async () => {
    const response = await call(`/networks/${acme.networkEID}/aggregate/`, {
      token: alice,
      accept: mediaType('1.0.18'),
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['_links']);
    const links = response.body._links as Record<string, { href: string }>;
    expect(Object.keys(links).sort()).toEqual([...relations].sort());
    const base = `${baseUrl()}/networks/${acme.networkEID}`;
    expect(links.myGroups?.href).toBe(`${base}/groups/?user=${acme.profileEID}`);
    expect(links.groupInvites?.href).toBe(`${base}/groups/?invitee=${acme.profileEID}`);
    expect(links.administeredGroups?.href).toBe(`${base}/groups/?admin=${acme.profileEID}`);
    expect(links.unreadConversations?.href).toBe(`${base}/conversations/?unread=true`);
    expect(links.networkProfile?.href).toBe(`${base}/users/${acme.profileEID}/`);
    expect(links.whoami?.href).toBe(`${baseUrl()}/whoami/`);
    expect(links.liveStream?.href).toBe(`${base}/stream`);
    expect(links.savedItems?.href).toBe(`${base}/saved-items/`);
  });

  it('embeds the current network before v1.0.18', async () => {
    const response = await call(`/networks/${acme.networkEID}/aggregate/`, {
      token: alice,
      accept: mediaType('1.0.17'),
    });
    expect(response.status).toBe(200);
    const embedded = response.body._embedded as { network: Record<string, unknown> };
    expect(embedded.network).toMatchObject({ type: 'network', EID: acme.networkEID, name: 'Acme Corp' });
    expect((embedded.network._links as { self: { href: string } }).self.href).toBe(
      `${baseUrl()}/networks/${acme.networkEID}/`,
    );
  });

  it('does not embed the network in the latest version', async () => {
    const response = await call(`/networks/${acme.networkEID}/aggregate/`, { token: alice });
    expect(response.body._embedded).toBeUndefined();
  });

  it('answers 404 across tenants', async () => {
    expect((await call(`/networks/${globex.networkEID}/aggregate/`, { token: alice })).status).toBe(404);
  });
});

describe('GET /whoami/', () => {
  it('answers the caller with its networks and _user counters', async () => {
    const response = await call<WhoamiBody & Record<string, unknown>>('/whoami/', { token: alice });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ type: 'whoami', email: demo.alice });
    expect(response.body.networks).toEqual([
      expect.objectContaining({
        type: 'network',
        EID: acme.networkEID,
        subdomain: 'acme',
        _user: {
          profile: { type: 'user', EID: acme.profileEID },
          role: 'admin',
          numNonActionRequiredAlertsCoalesced: 0,
          numActionRequiredAlerts: 0,
          // The terms of service to accept first (none published for acme).
          accessPreconditions: [],
        },
      }),
    ]);
    expect((response.body._links as { self: { href: string } }).self.href).toBe(`${baseUrl()}/whoami/`);
  });

  it('lists only the networks the caller belongs to', async () => {
    const response = await call<WhoamiBody>('/whoami/', { token: gina });
    expect(response.body.networks.map((n) => n.subdomain)).toEqual(['globex']);
  });
});

describe('errors', () => {
  it('answers 404 problem+json for an unknown route', async () => {
    const response = await call('/no/such/route', { token: alice });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(problemType);
    expect(response.body).toMatchObject({ status: 404, title: 'Not Found', requestId: expect.any(String) });
    expect(response.body.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('answers a method the API never uses (QUERY) with 405 problem+json, never a 5xx', async () => {
    const known = await call(`/networks/${acme.networkEID}/`, { token: alice, method: 'QUERY' });
    expect(known.status).toBe(405);
    expect(known.headers.get('allow')).toBe('GET, PUT');
    expect(known.headers.get('content-type')).toMatch(problemType);
    const unknown = await call('/no/such/route', { token: alice, method: 'QUERY' });
    expect(unknown.status).toBe(404);
  });

  it('answers 415 problem+json for a JSON route given a body of another media type', async () => {
    const response = await call(`/networks/${acme.networkEID}/knowledge-base/home`, {
      token: alice,
      method: 'PUT',
      headers: { 'content-type': 'text/csv' },
      rawBody: 'a,b',
    });
    expect(response.status).toBe(415);
    expect(response.headers.get('content-type')).toMatch(problemType);
    expect(response.body.code).toBe(-11);
  });

  it('answers the token endpoint given another media type with 400 invalid_request (RFC 6749)', async () => {
    const response = await call('/oauth/v2/token', {
      accept: 'application/json',
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      rawBody: 'a,b',
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe('invalid_request');
  });

  it('answers 405 with Allow for a known path and a wrong method', async () => {
    const response = await call(`/networks/${acme.networkEID}/aggregate/`, {
      token: alice,
      method: 'DELETE',
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(response.headers.get('content-type')).toMatch(problemType);
  });
});

describe('GET /networks/{networkEID}/users/{profileEID}/', () => {
  it("answers the caller's own profile, which the network's userProfile link leads to", async () => {
    const network = await call(`/networks/${acme.networkEID}/`, { token: alice });
    const href = (network.body._links as { userProfile: { href: string } }).userProfile.href;
    const response = await call(href.slice(baseUrl().length), { token: alice });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      type: 'user',
      EID: acme.profileEID,
      fullName: 'Alice Anders',
      primaryEmail: demo.alice,
      role: 'admin',
      userState: 'active',
      isBot: false,
      extrnal: false,
      autoTranslation: true,
      network: { type: 'network', EID: acme.networkEID },
    });
    const links = response.body._links as Record<string, { href: string }>;
    expect(links.self?.href).toBe(href);
    expect(links.network?.href).toBe(`${baseUrl()}/networks/${acme.networkEID}/`);
  });

  it('embeds the network with embed=network, as a HAL resource', async () => {
    const response = await call(`/networks/${acme.networkEID}/users/${acme.profileEID}/?embed=network`, {
      token: alice,
    });
    expect(response.status).toBe(200);
    const embedded = response.body._embedded as { network: Record<string, unknown> };
    expect(embedded.network).toMatchObject({ type: 'network', EID: acme.networkEID, name: 'Acme Corp' });
    expect((embedded.network._links as { self: { href: string } }).self.href).toBe(
      `${baseUrl()}/networks/${acme.networkEID}/`,
    );
    // Without embed= there is nothing embedded.
    const plain = await call(`/networks/${acme.networkEID}/users/${acme.profileEID}/`, { token: alice });
    expect(plain.body._embedded).toBeUndefined();
  });

  it('answers 400 naming embed for a relation the route cannot embed', async () => {
    for (const embed of ['groups', 'network,groups', 'bad name!']) {
      const response = await call(
        `/networks/${acme.networkEID}/users/${acme.profileEID}/?embed=${encodeURIComponent(embed)}`,
        {
          token: alice,
        },
      );
      expect(response.status, embed).toBe(400);
      expect(response.body.errors).toEqual([expect.objectContaining({ pointer: '/query/embed' })]);
    }
  });

  it("answers 404 for another network's profile, read through either network", async () => {
    // gina's profile exists, but not in acme
    expect(
      (await call(`/networks/${acme.networkEID}/users/${globex.profileEID}/`, { token: alice })).status,
    ).toBe(404);
    // gina cannot read acme's profiles at all
    expect(
      (await call(`/networks/${acme.networkEID}/users/${acme.profileEID}/`, { token: gina })).status,
    ).toBe(404);
  });

  it('lets a member read another member of the same network', async () => {
    const bob = await tokenFor(demo.bob);
    const response = await call(`/networks/${acme.networkEID}/users/${acme.profileEID}/`, { token: bob });
    expect(response.status).toBe(200);
    expect(response.body.EID).toBe(acme.profileEID);
  });
});
