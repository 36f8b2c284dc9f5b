/**
 * Network themes and the groups that use them, over HTTP (spec: "A theme representation may carry
 * `_embedded.groups`, a list of group resources"; group field `networkTheme`): a theme lists the
 * groups using it that the caller may see (hidden ones only for their members, invitees and
 * network administrators), `embed=groups` embeds each as `GET …/groups/{groupEID}/` shows it, a
 * group's `networkTheme` must be a theme of its network, and deleting a theme detaches its groups
 * (docs/decisions.md, settings and groups sections).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, type Problem } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import {
  addMember,
  groupsPath,
  newGroup,
  type Collection,
  type GroupBody,
} from '../../support/factories/groups.js';
import { EventReader } from '../../support/events.js';

afterAll(closeFactories);

interface Ref {
  type: string;
  EID: string;
}
interface Theme {
  type: string;
  EID: string;
  name: string;
  groups: Ref[];
  numGroups: number;
  _links: Record<string, { href: string }>;
  _embedded?: { groups?: GroupBody[] };
  [field: string]: unknown;
}

const themesPath = (network: TestNetwork, rest = '') => `/networks/${network.networkEID}/themes/${rest}`;
const themeRef = (EID: string) => ({ type: 'network_theme', EID });
const groupRef = (group: { EID: string }) => ({ type: 'group', EID: group.EID });

async function newTheme(network: TestNetwork, name = 'Theme'): Promise<Theme> {
  const response = await call<Theme>(themesPath(network), {
    token: await network.admin.token(),
    json: { name },
  });
  if (response.status !== 201) throw new Error(`theme: ${response.status} ${response.text}`);
  return response.body;
}

async function readTheme(network: TestNetwork, token: string, themeEID: string, query = '') {
  const response = await call<Theme>(themesPath(network, `${themeEID}/${query}`), { token });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe('theme groups: what a theme shows', () => {
  it('lists the groups using the theme by name, with their number; no _embedded without embed', async () => {
    const network = await newNetwork();
    const blue = await newTheme(network, 'Blue');
    const green = await newTheme(network, 'Green'); // after Blue: the list is oldest first
    const owner = await network.newMember();
    const token = await owner.token();
    const beta = await newGroup(network.networkEID, token, {
      name: 'Beta',
      networkTheme: themeRef(blue.EID),
    });
    const alpha = await newGroup(network.networkEID, token, {
      name: 'alpha',
      networkTheme: themeRef(blue.EID),
    });
    const gamma = await newGroup(network.networkEID, token, {
      name: 'Gamma',
      networkTheme: themeRef(green.EID),
    });
    await newGroup(network.networkEID, token, { name: 'No theme' });

    const reader = await (await network.newMember()).token();
    const read = await readTheme(network, reader, blue.EID);
    expect(read.groups).toEqual([groupRef(alpha), groupRef(beta)]);
    expect(read.numGroups).toBe(2);
    expect(read._embedded).toBeUndefined();
    expect((await readTheme(network, reader, green.EID)).groups).toEqual([groupRef(gamma)]);

    // The list shows the same for each theme.
    const list = await call<{ _embedded: { themes: Theme[] } }>(themesPath(network), { token: reader });
    expect(list.status).toBe(200);
    expect(list.body._embedded.themes.map((t) => [t.name, t.groups, t.numGroups])).toEqual([
      ['Blue', [groupRef(alpha), groupRef(beta)], 2],
      ['Green', [groupRef(gamma)], 1],
    ]);

    // A new theme has none; a group moving to another theme moves with it.
    expect(await newTheme(network, 'Empty')).toMatchObject({ groups: [], numGroups: 0 });
    const moved = await call<GroupBody>(groupsPath(network.networkEID, `${beta.EID}/`), {
      token,
      method: 'PUT',
      json: { networkTheme: themeRef(green.EID) },
    });
    expect(moved.status, moved.text).toBe(200);
    expect((await readTheme(network, reader, blue.EID)).groups).toEqual([groupRef(alpha)]);
    expect((await readTheme(network, reader, green.EID)).groups).toEqual([groupRef(beta), groupRef(gamma)]);
  });

  it('embed=groups embeds each group as GET …/groups/{groupEID}/ shows it to the caller (with _user)', async () => {
    const network = await newNetwork();
    const theme = await newTheme(network, 'Brand');
    const owner = await network.newMember();
    const ownerToken = await owner.token();
    const first = await newGroup(network.networkEID, ownerToken, {
      name: 'First',
      networkTheme: themeRef(theme.EID),
    });
    const second = await newGroup(network.networkEID, await network.admin.token(), {
      name: 'Second',
      groupType: 'business_unit',
      networkTheme: themeRef(theme.EID),
    });
    const member = await network.newMember();
    await addMember(network.networkEID, first.EID, ownerToken, member.profileEID);

    for (const token of [await member.token(), ownerToken, await network.admin.token()]) {
      const embedded = await readTheme(network, token, theme.EID, '?embed=groups');
      expect(embedded.groups).toEqual([groupRef(first), groupRef(second)]);
      const expected = await Promise.all(
        [first, second].map(async (group) => {
          const response = await call<GroupBody>(groupsPath(network.networkEID, `${group.EID}/`), { token });
          expect(response.status).toBe(200);
          return response.body;
        }),
      );
      expect(embedded._embedded?.groups).toEqual(expected);
      expect(embedded._embedded?.groups?.[0]?._links.self).toEqual({
        href: `${baseUrl()}${groupsPath(network.networkEID, `${first.EID}/`)}`,
      });
    }
    // `_user` is the caller's: the member is a member of the first group only.
    const seen = await readTheme(network, await member.token(), theme.EID, '?embed=groups');
    expect(seen._embedded?.groups?.map((g) => g._user.member)).toEqual([true, false]);
    // Nothing to embed: an empty list.
    const empty = await newTheme(network, 'Unused');
    expect((await readTheme(network, ownerToken, empty.EID, '?embed=groups'))._embedded).toEqual({
      groups: [],
    });
  });

  it('shows hidden groups only to their members, invitees and network administrators', async () => {
    const network = await newNetwork();
    const theme = await newTheme(network, 'Quiet');
    const owner = await network.newMember();
    const ownerToken = await owner.token();
    const open = await newGroup(network.networkEID, ownerToken, {
      name: 'Open',
      networkTheme: themeRef(theme.EID),
    });
    const hidden = await newGroup(network.networkEID, ownerToken, {
      name: 'Hidden',
      hidden: true,
      networkTheme: themeRef(theme.EID),
    });
    const [outsider, invitee, external] = await Promise.all([
      network.newMember(),
      network.newMember(),
      network.newMember({ external: true }),
    ]);
    await addMember(network.networkEID, hidden.EID, ownerToken, invitee.profileEID, { state: 'invited' });

    const seenBy = async (token: string) => {
      const theme_ = await readTheme(network, token, theme.EID, '?embed=groups');
      return {
        groups: theme_.groups.map((g) => g.EID),
        numGroups: theme_.numGroups,
        embedded: theme_._embedded?.groups?.map((g) => g.EID),
      };
    };
    const everything = { groups: [hidden.EID, open.EID], numGroups: 2, embedded: [hidden.EID, open.EID] };
    const openOnly = { groups: [open.EID], numGroups: 1, embedded: [open.EID] };
    expect(await seenBy(ownerToken)).toEqual(everything);
    expect(await seenBy(await network.admin.token())).toEqual(everything);
    expect(await seenBy(await invitee.token())).toEqual(everything);
    expect(await seenBy(await outsider.token())).toEqual(openOnly);
    expect(await seenBy(await external.token())).toEqual(openOnly);
    // Also in the list.
    const list = await call<{ _embedded: { themes: Theme[] } }>(themesPath(network), {
      token: await outsider.token(),
    });
    expect(list.body._embedded.themes[0]).toMatchObject({ groups: [groupRef(open)], numGroups: 1 });
    // Joining makes it visible.
    await addMember(network.networkEID, hidden.EID, ownerToken, outsider.profileEID);
    expect(await seenBy(await outsider.token())).toEqual(everything);
  });

  it('references at most 100 groups (by name) and counts them all; embeds those 100', async () => {
    const network = await newNetwork();
    const theme = await newTheme(network, 'Popular');
    const token = await network.admin.token();
    const names = Array.from({ length: 101 }, (_, i) => `Group ${String(i).padStart(3, '0')}`);
    for (let i = 0; i < names.length; i += 10) {
      await Promise.all(
        names
          .slice(i, i + 10)
          .map((name) => newGroup(network.networkEID, token, { name, networkTheme: themeRef(theme.EID) })),
      );
    }
    const read = await readTheme(network, token, theme.EID, '?embed=groups');
    expect(read.numGroups).toBe(101);
    expect(read.groups).toHaveLength(100);
    expect(read._embedded?.groups?.map((g) => g.name)).toEqual(names.slice(0, 100));
  });

  it('embeds only on a single theme; groups and numGroups are read-only', async () => {
    const network = await newNetwork();
    const theme = await newTheme(network);
    const token = await network.admin.token();
    const onList = await call<Problem>(themesPath(network, '?embed=groups'), { token });
    expect(onList.status).toBe(400);
    expect(onList.body.errors?.[0]?.pointer).toBe('/query/embed');
    const unknown = await call<Problem>(themesPath(network, `${theme.EID}/?embed=users`), { token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.pointer).toBe('/query/embed');
    const group = await newGroup(network.networkEID, token, { name: 'G' });
    for (const [field, value] of [
      ['groups', [groupRef(group)]],
      ['numGroups', 3],
    ] as const) {
      const create = await call<Problem>(themesPath(network), { token, json: { name: 'X', [field]: value } });
      expect(create.status, field).toBe(400);
      expect(create.body.errors?.[0]?.pointer).toBe(`/body/${field}`);
      const edit = await call<Problem>(themesPath(network, `${theme.EID}/`), {
        token,
        method: 'PUT',
        json: { [field]: value },
      });
      expect(edit.status, field).toBe(400);
      expect(edit.body.errors?.[0]?.pointer).toBe(`/body/${field}`);
    }
    expect(await readTheme(network, token, theme.EID)).toMatchObject({ groups: [], numGroups: 0 });
    const themes = await call<{ total: number }>(themesPath(network), { token });
    expect(themes.body.total).toBe(1);
  });
});

describe('theme groups: a group’s networkTheme', () => {
  it('must be a theme of the group’s network: 400 naming /body/networkTheme, nothing written', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const [mine, theirs] = await Promise.all([newTheme(network, 'Mine'), newTheme(other, 'Theirs')]);
    const owner = await network.newMember();
    const token = await owner.token();
    const group = await newGroup(network.networkEID, token, {
      name: 'Themed',
      networkTheme: themeRef(mine.EID),
    });
    expect(group.networkTheme).toEqual(themeRef(mine.EID));
    const path = groupsPath(network.networkEID, `${group.EID}/`);

    const wrong = [theirs.EID, 'cccccccccccccccccccccccc', group.EID];
    for (const EID of wrong) {
      const edit = await call<Problem>(path, {
        token,
        method: 'PUT',
        json: { name: 'Renamed', networkTheme: themeRef(EID) },
      });
      expect([edit.status, edit.body.code, edit.body.errors?.[0]?.pointer], EID).toEqual([
        400,
        -164,
        '/body/networkTheme',
      ]);
      const create = await call<Problem>(groupsPath(network.networkEID), {
        token,
        json: { name: `New ${EID}`, networkTheme: themeRef(EID) },
      });
      expect([create.status, create.body.code, create.body.errors?.[0]?.pointer], EID).toEqual([
        400,
        -164,
        '/body/networkTheme',
      ]);
    }
    // Nothing was written: the group is unchanged and no group was created.
    const after = await call<GroupBody>(path, { token });
    expect(after.body).toMatchObject({ name: 'Themed', networkTheme: themeRef(mine.EID) });
    const list = await call<Collection>(groupsPath(network.networkEID), { token });
    expect(list.body._embedded.groups?.map((g) => g.name)).toEqual(['Themed']);
    // The other network's theme shows no group of this network.
    expect((await readTheme(other, await other.admin.token(), theirs.EID)).numGroups).toBe(0);

    // A theme of the network and null are accepted.
    const cleared = await call<GroupBody>(path, { token, method: 'PUT', json: { networkTheme: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.networkTheme).toBeNull();
    const set = await call<GroupBody>(path, {
      token,
      method: 'PUT',
      json: { networkTheme: themeRef(mine.EID) },
    });
    expect(set.status).toBe(200);
    expect(set.body.networkTheme).toEqual(themeRef(mine.EID));
  });

  describe('deleting a theme', () => {
    const reader = new EventReader();
    beforeAll(() => reader.open());
    afterAll(() => reader.close());

    it('detaches its groups (networkTheme null) and records auth.group.updated for each', async () => {
      const network = await newNetwork();
      const [doomed, kept] = await Promise.all([newTheme(network, 'Doomed'), newTheme(network, 'Kept')]);
      const token = await (await network.newMember()).token();
      const a = await newGroup(network.networkEID, token, { name: 'A', networkTheme: themeRef(doomed.EID) });
      const b = await newGroup(network.networkEID, token, {
        name: 'B',
        hidden: true,
        networkTheme: themeRef(doomed.EID),
      });
      const c = await newGroup(network.networkEID, token, { name: 'C', networkTheme: themeRef(kept.EID) });
      const admin = await network.admin.token();
      const removed = await call(themesPath(network, `${doomed.EID}/`), { token: admin, method: 'DELETE' });
      expect(removed.status).toBe(204);

      for (const group of [a, b]) {
        const read = await call<GroupBody>(groupsPath(network.networkEID, `${group.EID}/`), { token });
        expect(read.body.networkTheme, group.name).toBeNull();
        expect(read.body._links.networkTheme).toBeUndefined();
      }
      const untouched = await call<GroupBody>(groupsPath(network.networkEID, `${c.EID}/`), { token });
      expect(untouched.body.networkTheme).toEqual(themeRef(kept.EID));

      const events = await reader.eventsOf('events.auth.group.updated', network.networkEID, 2);
      const detached = events.filter(
        (e) => JSON.stringify((e.data as { fields?: unknown }).fields) === '["networkTheme"]',
      );
      expect(detached.map((e) => (e.data as { group: Ref }).group.EID).sort()).toEqual([a.EID, b.EID].sort());
      expect(detached[0]).toMatchObject({
        actor: { type: 'user', EID: network.admin.profileEID },
        data: { group: { type: 'group', groupType: 'group' }, fields: ['networkTheme'] },
      });
    });
  });
});
