/**
 * Widgets (extra `celebrations` entry: feature, `no_birth_info`, gate `widgets.celebrations`,
 * omitted when stored), lobby data (network choice, `config.aiAssistantProfileEID`) and badge
 * counters assembled by the gateway, over HTTP (docs/decisions.md, settings section); network
 * widgets written by administrators (create, order, hide, delete).
 */
import type { Static } from '@sinclair/typebox';
import type { WidgetResource } from '@ncs/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, call, mediaType, type Problem } from '../../support/api.js';
import { addToNetwork, closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { setNetworkFeatures, storeWidget } from '../../support/factories/settings.js';

afterAll(closeFactories);

type Widget = Static<typeof WidgetResource>;
interface WidgetPage {
  type: string;
  total: number;
  limit: number;
  offset: number;
  _links: Record<string, { href: string }>;
  _embedded: { widgets: Widget[] };
}

const widgetsPath = (network: TestNetwork, query = '') => `/networks/${network.networkEID}/widgets/${query}`;
const EXTRA = { widgetType: 'celebrations', type: 'widget', visible: true, _links: {} };
/** A stored widget's read-only creation time; the extra entry is not stored and has none. */
const CREATED = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);

describe('widgets', () => {
  it('lists the stored widgets by position, without the extra entry when celebrations_redesign is off', async () => {
    const network = await newNetwork();
    const second = await storeWidget(network.networkEID, 'spotlight', { position: 2 });
    const first = await storeWidget(network.networkEID, 'birthdays', { position: 1, visible: false });
    const response = await call<WidgetPage>(widgetsPath(network), {
      token: await (await network.newMember({ external: true })).token(),
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ type: 'collection', total: 2, limit: 20, offset: 0 });
    expect(response.body._embedded.widgets).toEqual([
      {
        type: 'widget',
        EID: first,
        widgetType: 'birthdays',
        visible: false,
        position: 1,
        created: CREATED,
        _links: {},
      },
      {
        type: 'widget',
        EID: second,
        widgetType: 'spotlight',
        visible: true,
        position: 2,
        created: CREATED,
        _links: {},
      },
    ]);
  });

  it('adds {widgetType: celebrations, type: widget, visible: true} with the feature on, no_birth_info off, from 2026.1.7', async () => {
    const network = await newNetwork();
    await storeWidget(network.networkEID, 'spotlight');
    const token = await (await network.newMember()).token();
    const widgets = async (version?: string) => {
      const response = await call<WidgetPage>(widgetsPath(network), {
        token,
        ...(version ? { accept: mediaType(version) } : {}),
      });
      expect(response.status).toBe(200);
      return response.body;
    };
    await setNetworkFeatures(network.networkEID, ['celebrations_redesign']);
    const latest = await widgets();
    expect(latest.total).toBe(2);
    expect(latest._embedded.widgets.at(-1)).toEqual(EXTRA);
    expect((await widgets('2026.1.7'))._embedded.widgets.at(-1)).toEqual(EXTRA);
    const old = await widgets('2026.1.6');
    expect(old.total).toBe(1);
    expect(old._embedded.widgets.map((w) => w.widgetType)).toEqual(['spotlight']);

    await setNetworkFeatures(network.networkEID, ['celebrations_redesign', 'no_birth_info']);
    const noBirthInfo = await widgets();
    expect(noBirthInfo.total).toBe(1);
    expect(noBirthInfo._embedded.widgets.map((w) => w.widgetType)).toEqual(['spotlight']);
  });

  it('omits the extra entry when a celebrations widget is already stored (the stored one as it is)', async () => {
    const network = await newNetwork();
    await setNetworkFeatures(network.networkEID, ['celebrations_redesign']);
    const stored = await storeWidget(network.networkEID, 'celebrations', { visible: false });
    const response = await call<WidgetPage>(widgetsPath(network), { token: await network.admin.token() });
    expect(response.body.total).toBe(1);
    expect(response.body._embedded.widgets).toEqual([
      expect.objectContaining({ EID: stored, widgetType: 'celebrations', visible: false }),
    ]);
  });

  it('pages with the extra entry counted in total and placed after the stored widgets', async () => {
    const network = await newNetwork();
    await setNetworkFeatures(network.networkEID, ['celebrations_redesign']);
    await storeWidget(network.networkEID, 'a', { position: 1 });
    await storeWidget(network.networkEID, 'b', { position: 2 });
    const token = await network.admin.token();
    const first = await call<WidgetPage>(widgetsPath(network, '?limit=2'), { token });
    expect(first.body.total).toBe(3);
    expect(first.body._embedded.widgets.map((w) => w.widgetType)).toEqual(['a', 'b']);
    expect(first.body._links.next?.href).toBe(`${baseUrl()}${widgetsPath(network, '?limit=2&offset=2')}`);
    const second = await call<WidgetPage>(widgetsPath(network, '?limit=2&offset=2'), { token });
    expect(second.body._embedded.widgets).toEqual([EXTRA]);
    expect(second.body._links.next).toBeUndefined();
    const past = await call<WidgetPage>(widgetsPath(network, '?offset=3'), { token });
    expect(past.body._embedded.widgets).toEqual([]);
    expect(past.body.total).toBe(3);
  });

  it('is 404 for a network the caller is not a member of, and 400 for an unknown query parameter', async () => {
    const [a, b] = await Promise.all([newNetwork(), newNetwork()]);
    await storeWidget(a.networkEID, 'secret');
    const stranger = await call(widgetsPath(a), { token: await b.admin.token() });
    expect(stranger.status).toBe(404);
    const unknown = await call<Problem>(widgetsPath(a, '?filter=x'), { token: await a.admin.token() });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.pointer).toBe('/query/filter');
  });
});

describe('widgets written by network administrators', () => {
  const onePath = (network: TestNetwork, widgetEID: string) => widgetsPath(network, `${widgetEID}/`);
  const listed = async (network: TestNetwork, token: string) =>
    (await call<WidgetPage>(widgetsPath(network), { token })).body._embedded.widgets.map((w) => [
      w.widgetType,
      w.visible,
    ]);

  it('creates, orders, hides and deletes widgets; members read them', async () => {
    const network = await newNetwork();
    const admin = await network.admin.token();
    const memberToken = await (await network.newMember()).token();
    const created = await call<Widget>(widgetsPath(network), {
      token: admin,
      method: 'POST',
      json: { widgetType: 'birthdays', position: 2 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      type: 'widget',
      EID: expect.any(String),
      widgetType: 'birthdays',
      visible: true,
      position: 2,
      created: CREATED,
      _links: {},
    });
    const second = await call<Widget>(widgetsPath(network), {
      token: admin,
      method: 'POST',
      json: { widgetType: 'spotlight', position: 3 },
    });
    expect(await listed(network, memberToken)).toEqual([
      ['birthdays', true],
      ['spotlight', true],
    ]);

    const moved = await call<Widget>(onePath(network, second.body.EID!), {
      token: admin,
      method: 'PUT',
      json: { position: 1, visible: false },
    });
    expect([moved.status, moved.body.position, moved.body.visible]).toEqual([200, 1, false]);
    expect(await listed(network, memberToken)).toEqual([
      ['spotlight', false],
      ['birthdays', true],
    ]);

    const removed = await call(onePath(network, created.body.EID!), { token: admin, method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect(await listed(network, memberToken)).toEqual([['spotlight', false]]);
    const again = await call<Problem>(onePath(network, created.body.EID!), {
      token: admin,
      method: 'DELETE',
    });
    expect([again.status, again.body.code]).toEqual([404, -174]);
  });

  it('keeps the extra celebrations entry after the written widgets, and leaves it out once one is written', async () => {
    const network = await newNetwork();
    await setNetworkFeatures(network.networkEID, ['celebrations_redesign']);
    const admin = await network.admin.token();
    await call(widgetsPath(network), { token: admin, method: 'POST', json: { widgetType: 'birthdays' } });
    expect(await listed(network, admin)).toEqual([
      ['birthdays', true],
      ['celebrations', true],
    ]);
    await call(widgetsPath(network), {
      token: admin,
      method: 'POST',
      json: { widgetType: 'celebrations', position: 5, visible: false },
    });
    expect(await listed(network, admin)).toEqual([
      ['birthdays', true],
      ['celebrations', false],
    ]);
  });

  it('refuses members (403), another network’s administrator (404), unknown widgets (404) and a 21st widget', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const stored = await storeWidget(network.networkEID, 'spotlight', { position: 1 });
    const memberToken = await (await network.newMember()).token();
    const member = await Promise.all([
      call<Problem>(widgetsPath(network), { token: memberToken, method: 'POST', json: { widgetType: 'x' } }),
      call<Problem>(onePath(network, stored), { token: memberToken, method: 'PUT', json: { position: 0 } }),
      call<Problem>(onePath(network, stored), { token: memberToken, method: 'DELETE' }),
    ]);
    expect(member.map((r) => r.status)).toEqual([403, 403, 403]);

    const outsider = await other.admin.token();
    const across = await Promise.all([
      call(widgetsPath(network), { token: outsider, method: 'POST', json: { widgetType: 'x' } }),
      call(onePath(network, stored), { token: outsider, method: 'PUT', json: { position: 0 } }),
      call(onePath(network, stored), { token: outsider, method: 'DELETE' }),
    ]);
    expect(across.map((r) => r.status)).toEqual([404, 404, 404]);
    // Another network's widget is not found through this network's path.
    const foreign = await storeWidget(other.networkEID, 'spotlight');
    const admin = await network.admin.token();
    const notHere = await call<Problem>(onePath(network, foreign), {
      token: admin,
      method: 'PUT',
      json: { visible: false },
    });
    expect([notHere.status, notHere.body.code]).toEqual([404, -174]);

    const invalid = await call<Problem>(widgetsPath(network), {
      token: admin,
      method: 'POST',
      json: { widgetType: 'Bad Type' },
    });
    expect(invalid.status).toBe(400);
    const empty = await call<Problem>(onePath(network, stored), { token: admin, method: 'PUT', json: {} });
    expect(empty.status).toBe(400);

    for (let i = 1; i < 20; i += 1) await storeWidget(network.networkEID, `w${i}`);
    const tooMany = await call<Problem>(widgetsPath(network), {
      token: admin,
      method: 'POST',
      json: { widgetType: 'x' },
    });
    expect([tooMany.status, tooMany.body.code]).toEqual([409, -175]);
    expect((await call<WidgetPage>(widgetsPath(network), { token: admin })).body.total).toBe(20);
  });
});

interface Lobby {
  type: string;
  network: { type: string; EID: string };
  config: { aiAssistantProfileEID: string | null };
  _links: Record<string, { href: string }>;
}

describe('lobby data', () => {
  it('answers the network named by `network`, else the caller’s oldest membership', async () => {
    const [older, newer] = await Promise.all([newNetwork('Older'), newNetwork('Newer')]);
    const person = await older.newMember();
    await addToNetwork(person.email, newer.networkEID);
    const token = await person.token();

    const byDefault = await call<Lobby>('/lobby/data', { token });
    expect(byDefault.status).toBe(200);
    expect(byDefault.body).toMatchObject({
      type: 'lobby_data',
      network: { type: 'network', EID: older.networkEID },
      config: { aiAssistantProfileEID: null },
    });
    expect(byDefault.body._links.self?.href).toBe(`${baseUrl()}/lobby/data?network=${older.networkEID}`);
    expect(byDefault.body._links.menu?.href).toBe(`${baseUrl()}/networks/${older.networkEID}/menu/`);

    const named = await call<Lobby>(`/lobby/data?network=${newer.networkEID}`, { token });
    expect(named.body.network.EID).toBe(newer.networkEID);
  });

  it('is 404 for a network the caller is not an active member of, 400 for a malformed one', async () => {
    const [mine, other] = await Promise.all([newNetwork(), newNetwork()]);
    const token = await mine.admin.token();
    const foreign = await call<Problem>(`/lobby/data?network=${other.networkEID}`, { token });
    expect(foreign.status).toBe(404);
    const malformed = await call<Problem>('/lobby/data?network=acme', { token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors?.[0]?.pointer).toBe('/query/network');
    expect((await call('/lobby/data')).status).toBe(401);
  });

  it('always carries config.aiAssistantProfileEID: null with ai_assistant_settings off, and on without an assistant', async () => {
    const network = await newNetwork();
    const token = await (await network.newMember()).token();
    const off = await call<Lobby>(`/lobby/data?network=${network.networkEID}`, { token });
    expect(off.status).toBe(200);
    expect(off.body.config).toEqual({ aiAssistantProfileEID: null });
    await setNetworkFeatures(network.networkEID, ['ai_assistant_settings']);
    // Messaging owns assistants and has none yet: it is asked, and answers none.
    const on = await call<Lobby>(`/lobby/data?network=${network.networkEID}`, { token });
    expect(on.status).toBe(200);
    expect(on.body.config).toEqual({ aiAssistantProfileEID: null });
  });
});

describe('badge counters', () => {
  it('assembles the counters of messaging and notifications (zero while they own no data)', async () => {
    const network = await newNetwork();
    const path = `/networks/${network.networkEID}/badgecounters/`;
    for (const person of [network.admin, await network.newMember({ external: true })]) {
      const response = await call(path, { token: await person.token() });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        type: 'badge_counters',
        EID: person.profileEID,
        numScheduledItems: 0,
        numUnrespondedEvents: 0,
        numAdminAlerts: 0,
        numUnreadAlertsCoalesced: 0,
        _links: { self: { href: `${baseUrl()}${path}` } },
      });
    }
  });

  it('is 404 for a non-member and for a member suspended since the token was cached', async () => {
    const [a, b] = await Promise.all([newNetwork(), newNetwork()]);
    const path = `/networks/${a.networkEID}/badgecounters/`;
    expect((await call(path, { token: await b.admin.token() })).status).toBe(404);
    const member = await a.newMember();
    const token = await member.token();
    expect((await call(path, { token })).status).toBe(200);
    await member.suspend();
    expect((await call(path, { token })).status).toBe(404);
  });
});
