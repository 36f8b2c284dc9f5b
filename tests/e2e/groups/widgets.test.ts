/**
 * Group widgets and the spotlight widget over HTTP: holders of `edit_group_widgets`
 * add, change, order and remove a group's widgets (a closed list of types, at most 20); whoever
 * sees the group (`view_group`) reads the visible ones; a spotlight widget's items are set as a
 * whole (bounded; people must be active members). 403 without the permission, 404 across tenants
 * and for those who cannot see the group, bad input 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { authModels, closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import {
  newWidget,
  unknownEID,
  widgetsPath,
  type WidgetBody,
} from '../../support/factories/group-directory.js';
import { addMember, groupsPath, newGroup, type Collection } from '../../support/factories/groups.js';

afterAll(closeFactories);

let network: TestNetwork;
let ownerToken: string;
let memberToken: string;
let member: Awaited<ReturnType<TestNetwork['newMember']>>;

beforeAll(async () => {
  network = await newNetwork();
  ownerToken = await (await network.newMember()).token();
  member = await network.newMember();
  memberToken = await member.token();
});

const list = (groupEID: string, token: string) =>
  call<Collection<WidgetBody>>(widgetsPath(network.networkEID, groupEID), { token });

describe('group widgets', () => {
  it('are added, ordered, changed and removed by their editors; members read the visible ones', async () => {
    const group = await newGroup(network.networkEID, ownerToken);
    await addMember(network.networkEID, group.EID, ownerToken, member.profileEID);
    const spotlight = await newWidget(network.networkEID, group.EID, ownerToken, {
      title: 'Highlights',
      position: 3,
    });
    expect(spotlight).toMatchObject({
      type: 'group_widget',
      group: { type: 'group', EID: group.EID },
      widgetType: 'spotlight',
      title: 'Highlights',
      position: 3,
      visible: true,
      items: [],
    });
    expect(spotlight._links.self?.href).toMatch(
      new RegExp(`/groups/${group.EID}/widgets/${spotlight.EID}/$`),
    );
    const people = await newWidget(network.networkEID, group.EID, ownerToken, {
      widgetType: 'members',
      position: 1,
    });
    expect([people.items, people.title]).toEqual([null, null]);
    const hidden = await newWidget(network.networkEID, group.EID, ownerToken, {
      widgetType: 'links',
      position: 2,
      visible: false,
    });

    const asOwner = await list(group.EID, ownerToken);
    expect(asOwner.body._embedded.widgets!.map((w) => w.EID)).toEqual([
      people.EID,
      hidden.EID,
      spotlight.EID,
    ]);
    const asMember = await list(group.EID, memberToken);
    expect([asMember.status, asMember.body.total]).toEqual([200, 2]);
    expect(asMember.body._embedded.widgets!.map((w) => w.EID)).toEqual([people.EID, spotlight.EID]);
    const hiddenPath = widgetsPath(network.networkEID, group.EID, `${hidden.EID}/`);
    const unseen = await call<WidgetBody>(hiddenPath, { token: memberToken });
    expect([unseen.status, unseen.body.code]).toEqual([404, -229]);
    expect((await call(hiddenPath, { token: ownerToken })).status).toBe(200);

    const changed = await call<WidgetBody>(hiddenPath, {
      token: ownerToken,
      method: 'PUT',
      json: { visible: true, position: 0, title: 'Links' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ visible: true, position: 0, title: 'Links', widgetType: 'links' });
    expect((await list(group.EID, memberToken)).body._embedded.widgets![0]!.EID).toBe(hidden.EID);

    const denied = await call<WidgetBody>(hiddenPath, { token: memberToken, method: 'DELETE' });
    expect([denied.status, denied.body.code]).toEqual([403, -151]);
    expect((await call(hiddenPath, { token: ownerToken, method: 'DELETE' })).status).toBe(204);
    expect((await call(hiddenPath, { token: ownerToken, method: 'DELETE' })).status).toBe(404);

    // A network admin edits any group's widgets; deleting the group removes them.
    const adminToken = await network.admin.token();
    const byAdmin = await call(widgetsPath(network.networkEID, group.EID), {
      token: adminToken,
      json: { widgetType: 'files' },
    });
    expect(byAdmin.status).toBe(201);
    expect(
      (await call(groupsPath(network.networkEID, `${group.EID}/`), { token: ownerToken, method: 'DELETE' }))
        .status,
    ).toBe(204);
    const models = await authModels();
    expect(
      await models.GroupWidget.countDocuments({ networkEID: network.networkEID, groupEID: group.EID }),
    ).toBe(0);
  });

  it('need edit_group_widgets to write (403), and onlookers of a visible group read', async () => {
    const group = await newGroup(network.networkEID, ownerToken);
    const created = await call<WidgetBody>(widgetsPath(network.networkEID, group.EID), {
      token: memberToken,
      json: { widgetType: 'members' },
    });
    expect([created.status, created.body.code]).toEqual([403, -151]);
    const widget = await newWidget(network.networkEID, group.EID, ownerToken, { widgetType: 'files' });
    const path = widgetsPath(network.networkEID, group.EID, `${widget.EID}/`);
    expect((await call(path, { token: memberToken, method: 'PUT', json: { title: 'x' } })).status).toBe(403);
    // Not a member, but the group is visible: view_group reads.
    expect((await call(path, { token: memberToken })).status).toBe(200);
    expect((await list(group.EID, memberToken)).body.total).toBe(1);
  });

  it('keep to a closed list of types, at most 20 per group, and answer bad input 400 naming the field', async () => {
    const group = await newGroup(network.networkEID, ownerToken);
    for (const [json, pointer] of [
      [{ widgetType: 'weather' }, '/body/widgetType'],
      [{ widgetType: 'links', position: -1 }, '/body/position'],
      [{ widgetType: 'links', title: 'a'.repeat(101) }, '/body/title'],
      [{ widgetType: 'links', items: [] }, '/body/items'],
    ] as const) {
      const answer = await call(widgetsPath(network.networkEID, group.EID), { token: ownerToken, json });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.text).toContain(pointer);
    }
    const one = await newWidget(network.networkEID, group.EID, ownerToken);
    const path = widgetsPath(network.networkEID, group.EID, `${one.EID}/`);
    for (const [json, pointer] of [
      [{}, '/body'],
      [{ widgetType: 'links' }, '/body/widgetType'],
    ] as const) {
      const answer = await call(path, { token: ownerToken, method: 'PUT', json });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.text).toContain(pointer);
    }
    for (let i = 1; i < 20; i += 1)
      await newWidget(network.networkEID, group.EID, ownerToken, { widgetType: 'links' });
    const full = await call<WidgetBody>(widgetsPath(network.networkEID, group.EID), {
      token: ownerToken,
      json: { widgetType: 'links' },
    });
    expect([full.status, full.body.code]).toEqual([409, -230]);
    expect((await list(group.EID, ownerToken)).body.total).toBe(20);
  });
});

describe('the spotlight widget', () => {
  it('shows the items set for it, in order, repeated ones once', async () => {
    const group = await newGroup(network.networkEID, ownerToken);
    const spotlight = await newWidget(network.networkEID, group.EID, ownerToken);
    const itemsPath = widgetsPath(network.networkEID, group.EID, `${spotlight.EID}/items`);
    const items = [
      { type: 'message', EID: unknownEID(1) },
      { type: 'user', EID: member.profileEID },
      { type: 'page', EID: unknownEID(2) },
      { type: 'message', EID: unknownEID(1) },
    ];
    const set = await call<WidgetBody>(itemsPath, { token: ownerToken, method: 'PUT', json: { items } });
    expect(set.status, set.text).toBe(200);
    expect(set.body.items).toEqual(items.slice(0, 3));
    const read = await call<WidgetBody>(widgetsPath(network.networkEID, group.EID, `${spotlight.EID}/`), {
      token: memberToken,
    });
    expect(read.body.items).toEqual(items.slice(0, 3));
    const cleared = await call<WidgetBody>(itemsPath, {
      token: ownerToken,
      method: 'PUT',
      json: { items: [] },
    });
    expect(cleared.body.items).toEqual([]);
  });

  it('refuses people outside the network, too many items, other widget types and non-editors', async () => {
    const group = await newGroup(network.networkEID, ownerToken);
    const spotlight = await newWidget(network.networkEID, group.EID, ownerToken);
    const itemsPath = widgetsPath(network.networkEID, group.EID, `${spotlight.EID}/items`);
    const elsewhere = await newNetwork();
    const stranger = await call<WidgetBody>(itemsPath, {
      token: ownerToken,
      method: 'PUT',
      json: {
        items: [
          { type: 'page', EID: unknownEID(3) },
          { type: 'user', EID: elsewhere.admin.profileEID },
        ],
      },
    });
    expect([stranger.status, stranger.body.code, stranger.body.errors?.[0]?.pointer]).toEqual([
      400,
      -232,
      '/body/items/1/EID',
    ]);
    for (const [json, pointer] of [
      [
        { items: Array.from({ length: 21 }, (_, i) => ({ type: 'page', EID: unknownEID(i) })) },
        '/body/items',
      ],
      [{ items: [{ type: 'group', EID: unknownEID() }] }, '/body/items/0/type'],
      [{ items: [{ type: 'page', EID: 'x' }] }, '/body/items/0/EID'],
    ] as const) {
      const answer = await call(itemsPath, { token: ownerToken, method: 'PUT', json });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.text).toContain(pointer);
    }
    const links = await newWidget(network.networkEID, group.EID, ownerToken, { widgetType: 'links' });
    const notSpotlight = await call<WidgetBody>(
      widgetsPath(network.networkEID, group.EID, `${links.EID}/items`),
      {
        token: ownerToken,
        method: 'PUT',
        json: { items: [] },
      },
    );
    expect([notSpotlight.status, notSpotlight.body.code]).toEqual([409, -231]);
    const denied = await call(itemsPath, { token: memberToken, method: 'PUT', json: { items: [] } });
    expect(denied.status).toBe(403);
  });
});

describe('apps', () => {
  it('read widgets with list_groups, never without it, and never write them (403)', async () => {
    const { appTokenWith } = await import('../../support/factories/group-ops.js');
    const group = await newGroup(network.networkEID, ownerToken);
    const widget = await newWidget(network.networkEID, group.EID, ownerToken);
    const [reader, other] = await Promise.all([
      appTokenWith(network.networkEID, ['list_groups']),
      appTokenWith(network.networkEID, ['get_profiles']),
    ]);
    const listed = await list(group.EID, reader);
    expect([listed.status, listed.body.total]).toEqual([200, 1]);
    const relations = await call(groupsPath(network.networkEID, `${group.EID}/relations/`), {
      token: reader,
    });
    expect(relations.status).toBe(200);
    const denied = await call<WidgetBody>(widgetsPath(network.networkEID, group.EID), { token: other });
    expect([denied.status, denied.body.code]).toEqual([403, -162]);
    const written = await call<WidgetBody>(widgetsPath(network.networkEID, group.EID, `${widget.EID}/`), {
      token: reader,
      method: 'PUT',
      json: { title: 'By an app' },
    });
    expect([written.status, written.body.code]).toEqual([403, -162]);
  });
});

describe('not seen, not there', () => {
  it('is 404 for a hidden group to outsiders and across networks', async () => {
    const hidden = await newGroup(network.networkEID, ownerToken, { hidden: true });
    const widget = await newWidget(network.networkEID, hidden.EID, ownerToken);
    const one = widgetsPath(network.networkEID, hidden.EID, `${widget.EID}/`);
    expect((await list(hidden.EID, memberToken)).status).toBe(404);
    expect((await call(one, { token: memberToken })).status).toBe(404);
    const elsewhere = await newNetwork();
    const foreign = await elsewhere.admin.token();
    for (const [path, method, json] of [
      [widgetsPath(network.networkEID, hidden.EID), 'GET', undefined],
      [one, 'GET', undefined],
      [one, 'PUT', { title: 'x' }],
      [one, 'DELETE', undefined],
      [`${one}items`, 'PUT', { items: [] }],
    ] as const) {
      const answer = await call(path, { token: foreign, method, ...(json ? { json } : {}) });
      expect(answer.status, path).toBe(404);
    }
    const theirs = await newGroup(elsewhere.networkEID, foreign);
    const crossed = await call(widgetsPath(elsewhere.networkEID, theirs.EID, `${widget.EID}/`), {
      token: foreign,
    });
    expect(crossed.status).toBe(404);
  });
});
