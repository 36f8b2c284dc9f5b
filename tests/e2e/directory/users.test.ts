/**
 * The users collection's filters over HTTP (spec: Network and sessions `GET
 * /networks/{networkEID}/users/`): `scope=chat` (bots first, governed by
 * `allowChatCustomSettings`), `role` and `exclude_role` as reported per version, `modified_since`
 * (ISO 8601, also suspended and deleted profiles), `embed=users`, and pagination over a filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, mediaType } from '../../support/api.js';
import {
  closeFactories,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import {
  newBot,
  setLastModified,
  setStoredRole,
  setUserState,
  type TestBot,
} from '../../support/factories/directory.js';

afterAll(closeFactories);

interface Page {
  total: number;
  limit: number;
  offset: number;
  code?: number;
  errors?: { pointer: string; message: string }[];
  _links: { next?: { href: string } };
  _embedded: {
    users: (Record<string, unknown> & { EID: string; _embedded?: { network?: { EID: string } } })[];
  };
}

let network: TestNetwork;
let caller: TestPerson;
let callerToken: string;
let adminToken: string;
let bot1: TestBot;
let bot2: TestBot;
let quiet: TestPerson;
let manager: TestPerson;
let suspended: TestPerson;
let deleted: TestPerson;
let external: TestPerson;

beforeAll(async () => {
  network = await newNetwork('Directory');
  caller = await network.newMember();
  bot1 = await newBot(network);
  quiet = await network.newMember();
  bot2 = await newBot(network);
  manager = await network.newMember();
  await setStoredRole(manager.profileEID, 'network_manager');
  suspended = await network.newMember();
  await setUserState(suspended.profileEID, 'suspended');
  deleted = await network.newMember();
  await setUserState(deleted.profileEID, 'deleted');
  external = await network.newMember({ external: true });
  callerToken = await caller.token();
  adminToken = await network.admin.token();
  const quietToken = await quiet.token();
  const off = await call(`/networks/${network.networkEID}/users/${quiet.profileEID}/`, {
    method: 'PUT',
    token: quietToken,
    json: { chatEnabled: false },
  });
  expect(off.status).toBe(200);
});

const list = (query: string, token = callerToken, version?: string) =>
  call<Page>(`/networks/${network.networkEID}/users/?${query}`, {
    token,
    ...(version ? { accept: mediaType(version) } : {}),
  });
const eids = (page: { body: Page }) => page.body._embedded.users.map((u) => u.EID);

describe('scope=chat', () => {
  it('lists every active member but the caller, bots first, when the network has no custom chat settings', async () => {
    const response = await list('scope=chat');
    expect(response.status).toBe(200);
    expect(eids(response)).toEqual([
      bot1.profileEID,
      bot2.profileEID,
      network.admin.profileEID,
      quiet.profileEID,
      manager.profileEID,
      external.profileEID,
    ]);
    expect(response.body.total).toBe(6);
  });

  it('with allowChatCustomSettings on, leaves out members who turned chat off, and pages in the same order', async () => {
    const on = await call(`/networks/${network.networkEID}`, {
      method: 'PUT',
      token: adminToken,
      json: { allowChatCustomSettings: true },
    });
    expect(on.status).toBe(200);
    try {
      const response = await list('scope=chat');
      expect(eids(response)).toEqual([
        bot1.profileEID,
        bot2.profileEID,
        network.admin.profileEID,
        manager.profileEID,
        external.profileEID,
      ]);
      const first = await list('scope=chat&limit=2');
      expect(first.body.total).toBe(5);
      expect(eids(first)).toEqual([bot1.profileEID, bot2.profileEID]);
      expect(first.body._links.next?.href).toBe(
        `${baseUrl()}/networks/${network.networkEID}/users/?scope=chat&limit=2&offset=2`,
      );
      const second = await list('scope=chat&limit=2&offset=2');
      expect(eids(second)).toEqual([network.admin.profileEID, manager.profileEID]);
    } finally {
      await call(`/networks/${network.networkEID}`, {
        method: 'PUT',
        token: adminToken,
        json: { allowChatCustomSettings: false },
      });
    }
  });

  it('answers 400 naming scope for another value', async () => {
    const response = await list('scope=everyone');
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.pointer).toBe('/query/scope');
  });
});

describe('role and exclude_role', () => {
  const admins = () => [network.admin.profileEID, manager.profileEID];
  const members = () => [
    caller.profileEID,
    bot1.profileEID,
    quiet.profileEID,
    bot2.profileEID,
    external.profileEID,
  ];

  it('match roles as reported from 1.4.8: `admin` is every administrator variant', async () => {
    expect(eids(await list('role=admin'))).toEqual(admins());
    expect(eids(await list('role=member'))).toEqual(members());
    expect(eids(await list('exclude_role=admin'))).toEqual(members());
    expect(eids(await list('exclude_role=member'))).toEqual(admins());
    expect((await list('role=admin&exclude_role=admin')).body.total).toBe(0);
  });

  it('match the stored variants before 1.4.8', async () => {
    expect(eids(await list('role=admin', callerToken, '1.4.7'))).toEqual([network.admin.profileEID]);
    expect(eids(await list('role=network_manager', callerToken, '1.4.7'))).toEqual([manager.profileEID]);
    expect((await list('role=community_manager', callerToken, '1.4.7')).body.total).toBe(0);
    expect(eids(await list('exclude_role=member', callerToken, '1.4.7'))).toEqual(admins());
    const roles = (await list('role=network_manager', callerToken, '1.4.7')).body._embedded.users.map(
      (u) => u.role,
    );
    expect(roles).toEqual(['network_manager']);
  });

  it('answer 400 (-138) for a variant name from 1.4.8, and 400 for an unknown role', async () => {
    for (const [query, pointer] of [
      ['role=network_manager', '/query/role'],
      ['exclude_role=community_manager', '/query/exclude_role'],
    ] as const) {
      const response = await list(query, callerToken, '1.4.8');
      expect([response.status, response.body.code], query).toEqual([400, -138]);
      expect(response.body.errors?.[0]?.pointer).toBe(pointer);
    }
    const unknown = await list('role=owner');
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.pointer).toBe('/query/role');
  });
});

describe('modified_since', () => {
  it('lists profiles changed at or after the time, suspended and deleted ones included', async () => {
    const everyone = [
      network.admin.profileEID,
      caller.profileEID,
      bot1.profileEID,
      quiet.profileEID,
      bot2.profileEID,
      manager.profileEID,
      suspended.profileEID,
      deleted.profileEID,
      external.profileEID,
    ];
    await setLastModified(everyone, new Date('2020-01-01T00:00:00Z'));
    await setLastModified(
      [quiet.profileEID, suspended.profileEID, deleted.profileEID],
      new Date('2024-06-01T00:00:00Z'),
    );
    const since = await list(`modified_since=${encodeURIComponent('2024-01-01T00:00:00+00:00')}`);
    expect(since.status).toBe(200);
    expect(eids(since)).toEqual([quiet.profileEID, suspended.profileEID, deleted.profileEID]);
    expect(since.body._embedded.users.map((u) => u.userState)).toEqual(['active', 'suspended', 'deleted']);

    // At the exact time (inclusive), with `Z` or another offset.
    expect(eids(await list('modified_since=2024-06-01T00:00:00Z'))).toHaveLength(3);
    expect(eids(await list(`modified_since=${encodeURIComponent('2024-06-01T02:00:01+02:00')}`))).toEqual([]);
    // Combined with a role filter, and in a version that still reads `deleted`.
    const old = await list('modified_since=2024-01-01T00:00:00Z&role=member', callerToken, '1.6.8');
    expect(old.body._embedded.users.map((u) => [u.EID, u.deleted])).toEqual([
      [quiet.profileEID, false],
      [suspended.profileEID, false],
      [deleted.profileEID, true],
    ]);
    // Without modified_since the collection lists active profiles only.
    const all = eids(await list('limit=100'));
    expect(all).not.toContain(suspended.profileEID);
    expect(all).not.toContain(deleted.profileEID);
  });

  it.each([
    'yesterday',
    '2024-01-01',
    '2024-01-01T00:00:00',
    '2024-01-01T00:00:00 00:00',
    '2024-13-01T00:00:00Z',
  ])('answers 400 naming modified_since for %s', async (value) => {
    const response = await list(`modified_since=${encodeURIComponent(value)}`);
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ pointer: '/query/modified_since' })]);
  });
});

describe('embed', () => {
  it('accepts embed=users (the items are the users) and embeds each user’s network with embed=network', async () => {
    const plain = await list('limit=3');
    const users = await list('limit=3&embed=users');
    expect(users.status).toBe(200);
    expect(eids(users)).toEqual(eids(plain));
    expect(users.body._embedded.users[0]).not.toHaveProperty('_embedded');
    const both = await list('limit=3&embed=users,network');
    expect(both.status).toBe(200);
    for (const user of both.body._embedded.users)
      expect(user._embedded?.network?.EID).toBe(network.networkEID);
    const bad = await list('embed=groups');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.pointer).toBe('/query/embed');
  });
});
