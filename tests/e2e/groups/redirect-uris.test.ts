/**
 * A group's `redirectUris` over HTTP (spec: "`redirectUris` and `XID` exist on groups"): written on
 * create and edit by whoever may edit the group, checked item by item, shown on the group; a refused
 * write changes nothing; another network's group is 404.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { addMember, groupsPath, newGroup, type GroupBody } from '../../support/factories/groups.js';

afterAll(closeFactories);

const refusal = (response: { status: number; body: GroupBody }) => [
  response.status,
  response.body.code,
  response.body.errors?.map((e) => e.pointer),
];

describe('group redirectUris', () => {
  it('defaults to none, is set on create and replaced on edit, and is shown on every read', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const plain = await newGroup(network.networkEID, token);
    expect(plain.redirectUris).toEqual([]);

    const uris = ['https://app.example/callback', 'http://localhost:8080/cb'];
    const group = await newGroup(network.networkEID, token, { redirectUris: uris });
    expect(group.redirectUris).toEqual(uris);
    const path = groupsPath(network.networkEID, `${group.EID}/`);
    expect((await call<GroupBody>(path, { token })).body.redirectUris).toEqual(uris);

    const edited = await call<GroupBody>(path, {
      token,
      method: 'PUT',
      json: { redirectUris: ['https://other.example/return'] },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.redirectUris).toEqual(['https://other.example/return']);
    // Fields not sent keep their values; an empty list clears them.
    const renamed = await call<GroupBody>(path, { token, method: 'PUT', json: { name: 'Renamed' } });
    expect(renamed.body.redirectUris).toEqual(['https://other.example/return']);
    const cleared = await call<GroupBody>(path, { token, method: 'PUT', json: { redirectUris: [] } });
    expect(cleared.body.redirectUris).toEqual([]);
  });

  it('is written by whoever may edit the group, not by a plain member', async () => {
    const network = await newNetwork();
    const creator = await network.newMember();
    const creatorToken = await creator.token();
    const group = await newGroup(network.networkEID, creatorToken, {
      redirectUris: ['https://club.example/back'],
    });
    const path = groupsPath(network.networkEID, `${group.EID}/`);
    const member = await network.newMember();
    await addMember(network.networkEID, group.EID, creatorToken, member.profileEID);
    const refused = await call<GroupBody>(path, {
      token: await member.token(),
      method: 'PUT',
      json: { redirectUris: ['https://evil.example/steal'] },
    });
    expect([refused.status, refused.body.code]).toEqual([403, -151]);
    const byAdmin = await call<GroupBody>(path, {
      token: await network.admin.token(),
      method: 'PUT',
      json: { redirectUris: ['https://club.example/admin'] },
    });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect((await call<GroupBody>(path, { token: creatorToken })).body.redirectUris).toEqual([
      'https://club.example/admin',
    ]);
  });

  it('refuses a bad item by its index, and writes nothing', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const kept = ['https://app.example/cb'];
    const group = await newGroup(network.networkEID, token, { name: 'Kept', redirectUris: kept });
    const path = groupsPath(network.networkEID, `${group.EID}/`);
    const cases: [unknown[], number, string][] = [
      // Forms the schema cannot state: the domain code, naming the item.
      [['https://a.example/', 'http://app.example/cb'], -165, '/body/redirectUris/1'],
      [['/relative'], -165, '/body/redirectUris/0'],
      [['https://a.example/cb#frag'], -165, '/body/redirectUris/0'],
      [['https://user@a.example/'], -165, '/body/redirectUris/0'],
      [['https://a.example/x', 'https://A.EXAMPLE/x'], -165, '/body/redirectUris/1'],
      // Bounds the schema states: -2.
      [[`https://a.example/${'x'.repeat(2000)}`], -2, '/body/redirectUris/0'],
      [[''], -2, '/body/redirectUris/0'],
      [[42], -2, '/body/redirectUris/0'],
      [Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`), -2, '/body/redirectUris'],
    ];
    for (const [redirectUris, code, pointer] of cases) {
      const edit = await call<GroupBody>(path, {
        token,
        method: 'PUT',
        json: { name: 'Changed', redirectUris },
      });
      expect(refusal(edit), JSON.stringify(redirectUris).slice(0, 80)).toEqual([400, code, [pointer]]);
    }
    const read = await call<GroupBody>(path, { token });
    expect([read.body.name, read.body.redirectUris]).toEqual(['Kept', kept]);

    const name = 'Never created';
    const create = await call<GroupBody>(groupsPath(network.networkEID), {
      token,
      json: { name, redirectUris: ['http://app.example/'] },
    });
    expect(refusal(create)).toEqual([400, -165, ['/body/redirectUris/0']]);
    const list = await call<{ _embedded: { groups: GroupBody[] } }>(
      `${groupsPath(network.networkEID)}?limit=100`,
      { token },
    );
    expect(list.body._embedded.groups.map((g) => g.name)).not.toContain(name);
  });

  it('answers 404 to another network, which changes nothing', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const group = await newGroup(network.networkEID, token, { redirectUris: ['https://mine.example/'] });
    const path = groupsPath(network.networkEID, `${group.EID}/`);
    const outsider = await newNetwork();
    const outsiderToken = await outsider.admin.token();
    const elsewhere = await call<GroupBody>(groupsPath(outsider.networkEID, `${group.EID}/`), {
      token: outsiderToken,
      method: 'PUT',
      json: { redirectUris: ['https://theirs.example/'] },
    });
    expect(elsewhere.status).toBe(404);
    const direct = await call<GroupBody>(path, {
      token: outsiderToken,
      method: 'PUT',
      json: { redirectUris: ['https://theirs.example/'] },
    });
    expect(direct.status).toBe(404);
    expect((await call<GroupBody>(path, { token })).body.redirectUris).toEqual(['https://mine.example/']);
  });
});
