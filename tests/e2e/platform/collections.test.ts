/**
 * Collections through the gateway (spec: Conventions → Pagination; ARCHITECTURE §8): `limit` and
 * `offset`, read-only `total`, `next`/`prev` links, bounds, and `embed=` over a whole page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';

afterAll(closeFactories);

interface Page {
  type: string;
  total: number;
  limit: number;
  offset: number;
  _links: { self: { href: string }; next?: { href: string }; prev?: { href: string } };
  _embedded: { users: { EID: string; type: string; _embedded?: { network?: { EID: string } } }[] };
}

let network: TestNetwork;
let token: string;
const memberEIDs: string[] = [];

beforeAll(async () => {
  network = await newNetwork('Paged network');
  memberEIDs.push(network.admin.profileEID);
  for (let i = 0; i < 4; i += 1) memberEIDs.push((await network.newMember()).profileEID);
  token = await network.admin.token();
});

const usersPath = () => `/networks/${network.networkEID}/users/`;

describe('GET /networks/{networkEID}/users/ (a collection)', () => {
  it('answers the first page with total, limit, offset and a next link only', async () => {
    const response = await call<Page>(`${usersPath()}?limit=2`, { token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ type: 'collection', total: 5, limit: 2, offset: 0 });
    expect(response.body._embedded.users.map((u) => u.EID)).toEqual(memberEIDs.slice(0, 2));
    expect(response.body._links.self.href).toBe(`${baseUrl()}${usersPath()}?limit=2`);
    expect(response.body._links.next?.href).toBe(`${baseUrl()}${usersPath()}?limit=2&offset=2`);
    expect(response.body._links.prev).toBeUndefined();
  });

  it('answers a middle page with both links and the last page with prev only', async () => {
    const middle = await call<Page>(`${usersPath()}?limit=2&offset=2`, { token });
    expect(middle.body._embedded.users.map((u) => u.EID)).toEqual(memberEIDs.slice(2, 4));
    expect(middle.body._links.prev?.href).toBe(`${baseUrl()}${usersPath()}?limit=2&offset=0`);
    expect(middle.body._links.next?.href).toBe(`${baseUrl()}${usersPath()}?limit=2&offset=4`);
    const last = await call<Page>(`${usersPath()}?limit=2&offset=4`, { token });
    expect(last.body._embedded.users.map((u) => u.EID)).toEqual(memberEIDs.slice(4));
    expect(last.body._links.next).toBeUndefined();
    expect(last.body._links.prev?.href).toBe(`${baseUrl()}${usersPath()}?limit=2&offset=2`);
  });

  it('uses limit 20 and offset 0 by default', async () => {
    const response = await call<Page>(usersPath(), { token });
    expect(response.body).toMatchObject({ total: 5, limit: 20, offset: 0 });
    expect(response.body._embedded.users).toHaveLength(5);
  });

  it('clamps a limit above 100 to 100 (without the infinite_limit app permission)', async () => {
    const response = await call<Page>(`${usersPath()}?limit=5000`, { token });
    expect(response.status).toBe(200);
    expect(response.body.limit).toBe(100);
  });

  it.each([
    ['limit=0', '/query/limit'],
    ['limit=abc', '/query/limit'],
    ['offset=-1', '/query/offset'],
    ['limit=1.5', '/query/limit'],
  ])('answers 400 naming the field for %s', async (query, pointer) => {
    const response = await call(`${usersPath()}?${query}`, { token });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ pointer })]);
  });

  it('never copies an access_token query parameter into the links', async () => {
    const response = await call<Page>(`${usersPath()}?limit=2&access_token=${encodeURIComponent(token)}`);
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.body._links)).not.toContain(token);
    expect(JSON.stringify(response.body._links)).not.toContain('access_token');
  });

  it('embeds the network into every item of the page with embed=network', async () => {
    const response = await call<Page>(`${usersPath()}?limit=3&embed=network`, { token });
    expect(response.body._embedded.users).toHaveLength(3);
    for (const user of response.body._embedded.users) {
      expect(user._embedded?.network?.EID).toBe(network.networkEID);
    }
  });

  it('answers 404 to a member of another network', async () => {
    const other = await newNetwork('Other');
    expect((await call(usersPath(), { token: await other.admin.token() })).status).toBe(404);
  });
});
