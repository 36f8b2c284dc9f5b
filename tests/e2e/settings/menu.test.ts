/**
 * The network menu over HTTP (spec: `GET/PUT /networks/{networkEID}/menu/`; gates
 * `menu.celebrations`, `menu.includeExternalUsers`): built-in sections, `celebrations` by device,
 * feature and version, app entry points (from the manifests of installed apps, registered and
 * installed over HTTP) and custom links hidden from external users, custom links
 * written by administrators, and the domain event (docs/decisions.md, settings section).
 */
import { connect, type NatsConnection } from 'nats';
import type { Static } from '@sinclair/typebox';
import type { MenuItemResource } from '@ncs/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, mediaType, type Problem } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import {
  appsPath,
  installOverHttp,
  minimalManifest,
  newApp,
  registerManifest,
} from '../../support/factories/apps.js';
import { setNetworkFeatures } from '../../support/factories/settings.js';
import { stack } from '../../support/stack.js';

afterAll(closeFactories);

type MenuItem = Static<typeof MenuItemResource>;
interface Menu {
  type: string;
  device: string;
  version: string;
  _links: Record<string, { href: string }>;
  _embedded: { items: MenuItem[] };
}

const menuPath = (network: TestNetwork, query = '') => `/networks/${network.networkEID}/menu/${query}`;
const names = (menu: Menu) => menu._embedded.items.map((i) => i.name ?? i.label);
const hasCelebrations = (menu: Menu) =>
  menu._embedded.items.some((i) => i.itemType === 'builtin' && i.name === 'celebrations');

async function putLinks(network: TestNetwork, token: string, customLinks: unknown[], version?: string) {
  return call<Menu>(menuPath(network), {
    token,
    method: 'PUT',
    json: { customLinks },
    ...(version ? { accept: mediaType(version) } : {}),
  });
}

describe('menu: built-in items and celebrations', () => {
  it('answers the built-in sections for the web by default, with the negotiated version', async () => {
    const network = await newNetwork();
    const member = await network.newMember();
    const response = await call<Menu>(menuPath(network), { token: await member.token() });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ type: 'menu', device: 'web', version: '2026.1.13' });
    expect(names(response.body)).toEqual(['timeline', 'groups', 'people', 'knowledge_base']);
    expect(response.body._embedded.items.every((i) => i.type === 'menu_item')).toBe(true);
    expect(response.body._links.self?.href).toBe(
      `${baseUrl()}${menuPath(network)}?device=web&version=2026.1.13`,
    );
  });

  it('shows celebrations only on ios/android with celebrations_redesign and version 2026.1.7 or newer', async () => {
    const network = await newNetwork();
    const token = await (await network.newMember()).token();
    const menu = async (query: string, version?: string) => {
      const response = await call<Menu>(menuPath(network, query), {
        token,
        ...(version ? { accept: mediaType(version) } : {}),
      });
      expect(response.status).toBe(200);
      return response.body;
    };
    // Feature off: never.
    expect(hasCelebrations(await menu('?device=ios'))).toBe(false);

    await setNetworkFeatures(network.networkEID, ['celebrations_redesign']);
    expect(hasCelebrations(await menu('?device=ios'))).toBe(true);
    expect(hasCelebrations(await menu('?device=android'))).toBe(true);
    expect(hasCelebrations(await menu('?device=web'))).toBe(false);
    expect(hasCelebrations(await menu('?device=web_mobile'))).toBe(false);
    expect(hasCelebrations(await menu(''))).toBe(false); // device defaults to web
    // Version boundary through the query parameter…
    expect(hasCelebrations(await menu('?device=ios&version=2026.1.7'))).toBe(true);
    const old = await menu('?device=ios&version=2026.1.6');
    expect(hasCelebrations(old)).toBe(false);
    expect(old.version).toBe('2026.1.6');
    // …and through the negotiated version when the query gives none; the query wins over it.
    expect(hasCelebrations(await menu('?device=android', '2026.1.6'))).toBe(false);
    expect(hasCelebrations(await menu('?device=android', '2026.1.7'))).toBe(true);
    const queryWins = await menu('?device=android&version=2026.1.7', '2026.1.6');
    expect(hasCelebrations(queryWins)).toBe(true);
    expect(queryWins.version).toBe('2026.1.7');
    // Placed right after the built-in sections.
    expect(names(await menu('?device=ios'))).toEqual([
      'timeline',
      'groups',
      'people',
      'knowledge_base',
      'celebrations',
    ]);
  });

  it('rejects an unknown device and a malformed or unsupported version with a 400 naming the parameter', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    for (const [query, pointer, code] of [
      ['?device=blackberry', '/query/device', -2],
      ['?version=abc', '/query/version', -2],
      ['?version=2026.1', '/query/version', -2],
      ['?version=2030.0.0', '/query/version', -173],
      ['?version=1.8.2', '/query/version', -173],
      ['?colour=red', '/query/colour', -2],
    ] as const) {
      const response = await call<Problem>(menuPath(network, query), { token });
      expect(response.status, query).toBe(400);
      expect(response.body.code, query).toBe(code);
      expect(response.body.errors?.[0]?.pointer, query).toBe(pointer);
    }
  });

  it('is 404 for a network the caller is not an active member of', async () => {
    const [a, b] = await Promise.all([newNetwork(), newNetwork()]);
    const stranger = await call(menuPath(a), { token: await b.admin.token() });
    expect(stranger.status).toBe(404);
    const member = await a.newMember();
    const token = await member.token();
    expect((await call(menuPath(a), { token })).status).toBe(200);
    await member.suspend();
    // The gateway still has the membership cached (5 s): auth checks the store itself.
    expect((await call(menuPath(a), { token })).status).toBe(404);
  });
});

describe('menu: custom links', () => {
  it('administrators set custom links; includeExternalUsers defaults to true', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const put = await putLinks(network, token, [
      { label: 'Intranet', url: 'https://intranet.example/home' },
      { label: 'Payroll', url: 'https://payroll.example/', context: { includeExternalUsers: false } },
    ]);
    expect(put.status).toBe(200);
    const links = put.body._embedded.items.filter((i) => i.itemType === 'link');
    expect(links).toEqual([
      expect.objectContaining({
        type: 'menu_item',
        EID: expect.stringMatching(/^[0-9a-f]{24}$/),
        label: 'Intranet',
        url: 'https://intranet.example/home',
        context: { includeExternalUsers: true },
      }),
      expect.objectContaining({ label: 'Payroll', context: { includeExternalUsers: false } }),
    ]);
    const member = await network.newMember();
    const read = await call<Menu>(menuPath(network), { token: await member.token() });
    expect(read.body._embedded.items.filter((i) => i.itemType === 'link')).toEqual(links);
  });

  it('hides links with includeExternalUsers false from external users only', async () => {
    const network = await newNetwork();
    await putLinks(network, await network.admin.token(), [
      { label: 'Public', url: 'https://public.example/' },
      { label: 'Internal', url: 'https://internal.example/', context: { includeExternalUsers: false } },
    ]);
    const external = await network.newMember({ external: true });
    const internal = await network.newMember();
    const seenBy = async (token: string, version?: string) =>
      (
        await call<Menu>(menuPath(network), { token, ...(version ? { accept: mediaType(version) } : {}) })
      ).body._embedded.items
        .filter((i) => i.itemType === 'link')
        .map((i) => i.label);
    expect(await seenBy(await internal.token())).toEqual(['Public', 'Internal']);
    expect(await seenBy(await external.token())).toEqual(['Public']);
    // Hidden whatever the client version (the gate is about reading the flag, not about hiding).
    expect(await seenBy(await external.token(), '2026.1.8')).toEqual(['Public']);
  });

  it('returns context.includeExternalUsers from 2026.1.9 on, and not before (gate menu.includeExternalUsers)', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    await putLinks(network, token, [
      { label: 'Internal', url: 'https://internal.example/', context: { includeExternalUsers: false } },
    ]);
    const linkAt = async (version: string) => {
      const response = await call<Menu>(menuPath(network), { token, accept: mediaType(version) });
      expect(response.status).toBe(200);
      return response.body._embedded.items.find((i) => i.itemType === 'link')!;
    };
    expect((await linkAt('2026.1.9')).context).toEqual({ includeExternalUsers: false });
    expect((await linkAt('2026.1.13')).context).toEqual({ includeExternalUsers: false });
    const old = await linkAt('2026.1.8');
    expect(old.context).toEqual({});
    expect(old).toMatchObject({ label: 'Internal', url: 'https://internal.example/' });
    expect((await linkAt('1.0.2')).context).toEqual({});
  });

  it('keeps a link’s EID when it is sent back, and its includeExternalUsers when a client omits it', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const first = await putLinks(network, token, [
      { label: 'Internal', url: 'https://internal.example/', context: { includeExternalUsers: false } },
      { label: 'Gone soon', url: 'https://gone.example/' },
    ]);
    const [internal] = first.body._embedded.items.filter((i) => i.itemType === 'link');
    // A 2026.1.8 client never sees the flag: it sends the link back without it, relabelled.
    const oldClient = await putLinks(
      network,
      token,
      [
        { EID: internal!.EID, label: 'Internal tools', url: 'https://internal.example/' },
        { label: 'New', url: 'http://new.example/path?x=1' },
      ],
      '2026.1.8',
    );
    expect(oldClient.status).toBe(200);
    const after = await call<Menu>(menuPath(network), { token });
    const links = after.body._embedded.items.filter((i) => i.itemType === 'link');
    expect(links).toEqual([
      expect.objectContaining({
        EID: internal!.EID,
        label: 'Internal tools',
        context: { includeExternalUsers: false },
      }),
      expect.objectContaining({ label: 'New', context: { includeExternalUsers: true } }),
    ]);
    expect(links[1]!.EID).not.toBe(first.body._embedded.items.find((i) => i.label === 'Gone soon')!.EID);
    // An empty list removes every custom link.
    const cleared = await putLinks(network, token, []);
    expect(cleared.body._embedded.items.filter((i) => i.itemType === 'link')).toEqual([]);
  });

  it('rejects a link EID that is not one of this menu’s links, or repeated, and changes nothing', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const token = await network.admin.token();
    const mine = await putLinks(network, token, [{ label: 'Mine', url: 'https://mine.example/' }]);
    const myLink = mine.body._embedded.items.find((i) => i.itemType === 'link')!;
    const theirs = await putLinks(other, await other.admin.token(), [
      { label: 'Theirs', url: 'https://theirs.example/' },
    ]);
    const theirLink = theirs.body._embedded.items.find((i) => i.itemType === 'link')!;

    const foreign = await putLinks(network, token, [
      { label: 'Ok', url: 'https://ok.example/' },
      { EID: theirLink.EID, label: 'Stolen', url: 'https://theirs.example/' },
    ]);
    expect(foreign.status).toBe(400);
    expect((foreign.body as unknown as Problem).code).toBe(-171);
    expect((foreign.body as unknown as Problem).errors?.[0]?.pointer).toBe('/body/customLinks/1/EID');
    const invented = await putLinks(network, token, [
      { EID: '0123456789abcdef01234567', label: 'X', url: 'https://x.example/' },
    ]);
    expect((invented.body as unknown as Problem).code).toBe(-171);
    const repeated = await putLinks(network, token, [
      { EID: myLink.EID, label: 'A', url: 'https://a.example/' },
      { EID: myLink.EID, label: 'B', url: 'https://b.example/' },
    ]);
    expect(repeated.status).toBe(400);
    expect((repeated.body as unknown as Problem).code).toBe(-172);
    expect((repeated.body as unknown as Problem).errors?.[0]?.pointer).toBe('/body/customLinks/1/EID');

    const links = (await call<Menu>(menuPath(network), { token })).body._embedded.items.filter(
      (i) => i.itemType === 'link',
    );
    expect(links).toEqual([myLink]);
    const otherLinks = (
      await call<Menu>(menuPath(other), { token: await other.admin.token() })
    ).body._embedded.items.filter((i) => i.itemType === 'link');
    expect(otherLinks).toEqual([theirLink]);
  });

  it('validates links: label, absolute http(s) URL, only known fields (no mass assignment)', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const link = { label: 'Ok', url: 'https://ok.example/' };
    for (const [customLinks, pointer] of [
      [[{ ...link, label: '' }], '/body/customLinks/0/label'],
      [[{ ...link, label: '   ' }], '/body/customLinks/0/label'],
      [[{ ...link, label: 'x'.repeat(101) }], '/body/customLinks/0/label'],
      [[{ label: 'No URL' }], '/body/customLinks/0/url'],
      [[{ ...link, url: 'javascript:alert(1)' }], '/body/customLinks/0/url'],
      [[{ ...link, url: '/relative/path' }], '/body/customLinks/0/url'],
      [[{ ...link, url: 'ftp://files.example/' }], '/body/customLinks/0/url'],
      [[{ ...link, url: 'https://exa mple.com/' }], '/body/customLinks/0/url'],
      [
        [link, { ...link, context: { includeExternalUsers: 'no' } }],
        '/body/customLinks/1/context/includeExternalUsers',
      ],
      [[{ ...link, context: { isDynamic: true } }], '/body/customLinks/0/context/isDynamic'],
      [[{ ...link, networkEID: '0123456789abcdef01234567' }], '/body/customLinks/0/networkEID'],
      [[{ ...link, _id: '0123456789abcdef01234567' }], '/body/customLinks/0/_id'],
      [[{ ...link, EID: 'not-an-eid' }], '/body/customLinks/0/EID'],
      [Array.from({ length: 51 }, () => link), '/body/customLinks'],
    ] as const) {
      const response = await putLinks(network, token, customLinks as unknown as unknown[]);
      expect(response.status, pointer).toBe(400);
      expect((response.body as unknown as Problem).errors?.[0]?.pointer, JSON.stringify(customLinks)).toBe(
        pointer,
      );
    }
    for (const [json, pointer] of [
      [{ customLinks: [], EID: '0123456789abcdef01234567' }, '/body/EID'],
      [{ customLinks: [], networkEID: '0123456789abcdef01234567' }, '/body/networkEID'],
      [{}, '/body/customLinks'],
    ] as const) {
      const response = await call<Problem>(menuPath(network), { token, method: 'PUT', json });
      expect(response.status).toBe(400);
      expect(response.body.errors?.[0]?.pointer).toBe(pointer);
    }
    const menu = await call<Menu>(menuPath(network), { token });
    expect(menu.body._embedded.items.filter((i) => i.itemType === 'link')).toEqual([]);
  });

  it('lets only administrators write (403 for members and external members), 404 across networks', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const link = { label: 'Mine', url: 'https://mine.example/' };
    for (const person of [await network.newMember(), await network.newMember({ external: true })]) {
      const response = await putLinks(network, await person.token(), [link]);
      expect(response.status).toBe(403);
      expect((response.body as unknown as Problem).code).toBe(-103);
    }
    const crossTenant = await putLinks(network, await other.admin.token(), [link]);
    expect(crossTenant.status).toBe(404);
    const menu = await call<Menu>(menuPath(network), { token: await network.admin.token() });
    expect(menu.body._embedded.items.filter((i) => i.itemType === 'link')).toEqual([]);
  });
});

describe('menu: app entry points (from the manifests of installed apps)', () => {
  const menuEntry = (fields: Record<string, unknown> = {}) => ({
    name: 'menu',
    context: 'appMenuItem',
    url: 'https://app.example/menu',
    hasMenuItem: true,
    ...fields,
  });
  const withEntryPoints = (entryPoints: unknown[]) => ({ ...minimalManifest(), entryPoints });
  const appItems = async (network: TestNetwork, token: string, version?: string) => {
    const response = await call<Menu>(menuPath(network), {
      token,
      ...(version ? { accept: mediaType(version) } : {}),
    });
    expect(response.status, response.text).toBe(200);
    return response.body._embedded.items.filter((i) => i.itemType === 'app');
  };

  it('lists installed apps with a menu item; hides the ones not for external users from them; context read-only', async () => {
    const network = await newNetwork();
    const [forAll, internalOnly, notInstalled, noMenuItem] = await Promise.all([
      newApp({ name: 'Zeta for all' }),
      newApp({ name: 'Alpha internal' }),
      newApp({ name: 'Not installed' }),
      newApp({ name: 'No menu item' }),
    ]);
    await Promise.all([
      registerManifest(
        forAll,
        withEntryPoints([
          menuEntry({ url: 'https://zeta.example/app', fallbackUrl: 'https://zeta.example/fallback' }),
        ]),
      ),
      registerManifest(
        internalOnly,
        withEntryPoints([menuEntry({ includeExternalUsers: false, isDynamic: true, localLabel: 'Alpha' })]),
      ),
      registerManifest(notInstalled, withEntryPoints([menuEntry()])),
      // Entry points of other contexts, and an appMenuItem one without a menu item.
      registerManifest(
        noMenuItem,
        withEntryPoints([
          menuEntry({ hasMenuItem: false }),
          { name: 'open', context: 'external', url: 'https://none.example/open' },
          { name: 'tile', context: 'widget', url: 'https://none.example/tile', widgetHeight: 200 },
          { name: 'box', context: 'lightbox', url: 'https://none.example/box' },
        ]),
      ),
    ]);
    for (const app of [forAll, internalOnly, noMenuItem]) await installOverHttp(network, app);

    const internal = await appItems(network, await (await network.newMember()).token());
    expect(internal).toEqual([
      expect.objectContaining({
        label: 'Alpha',
        app: { type: 'app', EID: internalOnly.clientId },
        context: { includeExternalUsers: false, isDynamic: true },
      }),
      {
        type: 'menu_item',
        EID: expect.stringMatching(/^[0-9a-f]{24}$/),
        itemType: 'app',
        label: 'Zeta for all',
        url: 'https://zeta.example/app',
        fallbackUrl: 'https://zeta.example/fallback',
        entryPoint: 'menu',
        app: { type: 'app', EID: forAll.clientId },
        context: { includeExternalUsers: true, isDynamic: false },
        _links: {},
      },
    ]);
    const forAllEntry = internal[1]!.EID!;
    expect(internal[0]!.EID).toMatch(/^[0-9a-f]{24}$/);
    expect(internal[0]!.EID).not.toBe(forAllEntry);
    const externalToken = await (await network.newMember({ external: true })).token();
    const external = await appItems(network, externalToken);
    expect(external.map((i) => i.label)).toEqual(['Zeta for all']);
    // The same item, under the same EID, for every caller and every read.
    expect(external[0]).toEqual(internal[1]);
    // Before 2026.1.9 the flag is not readable, isDynamic is.
    const old = await appItems(network, await network.admin.token(), '2026.1.8');
    expect(old.map((i) => i.context)).toEqual([{ isDynamic: true }, { isDynamic: false }]);
    expect(old.map((i) => i.EID)).toEqual(internal.map((i) => i.EID));

    // The app items' context cannot be written through the menu.
    const write = await putLinks(network, await network.admin.token(), [
      { EID: forAllEntry, label: 'Zeta', url: 'https://zeta.example/' },
    ]);
    expect(write.status).toBe(400);
    expect((write.body as unknown as Problem).code).toBe(-171);
  });

  it('follows the manifest: an update relabels or drops the item (same EID), removing the app drops it', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const app = await newApp({ name: 'Rota' });
    await registerManifest(
      app,
      withEntryPoints([
        menuEntry({ name: 'shifts' }),
        menuEntry({ name: 'swaps', localLabel: 'Beta swaps' }),
      ]),
    );
    const token = await network.admin.token();
    expect(await appItems(network, token)).toEqual([]); // registered, not installed yet
    await installOverHttp(network, app);
    const before = await appItems(network, token);
    // Two menu entry points of one app: two items, by label (`localLabel`, else the app's name).
    expect(before.map((i) => [i.label, i.entryPoint])).toEqual([
      ['Beta swaps', 'swaps'],
      ['Rota', 'shifts'],
    ]);
    // Installed in one network only: the other network's menu has no item of it.
    expect(await appItems(other, await other.admin.token())).toEqual([]);

    await registerManifest(
      app,
      withEntryPoints([
        menuEntry({ name: 'shifts', localLabel: 'Alpha shifts', includeExternalUsers: false }),
        menuEntry({ name: 'swaps', hasMenuItem: false }),
      ]),
    );
    const relabelled = await appItems(network, token);
    expect(relabelled).toEqual([
      expect.objectContaining({
        EID: before[1]!.EID,
        label: 'Alpha shifts',
        entryPoint: 'shifts',
        context: { includeExternalUsers: false, isDynamic: false },
      }),
    ]);
    expect(await appItems(network, await (await network.newMember({ external: true })).token())).toEqual([]);

    const removed = await call(appsPath(network.networkEID, `${app.clientId}/`), { token, method: 'DELETE' });
    expect(removed.status, removed.text).toBe(204);
    expect(await appItems(network, token)).toEqual([]);
  });
});

describe('menu: domain event', () => {
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connect({ servers: stack().natsUrl });
  });
  afterAll(async () => {
    await nc.close();
  });

  it('records auth.menu.updated with the links after a PUT', async () => {
    const network = await newNetwork();
    await putLinks(network, await network.admin.token(), [{ label: 'Evented', url: 'https://e.example/' }]);
    const deadline = Date.now() + 10_000;
    let found: Record<string, unknown> | undefined;
    while (!found && Date.now() < deadline) {
      const consumer = await nc
        .jetstream()
        .consumers.get('EVENTS', { filterSubjects: 'events.auth.menu.updated' });
      const batch = await consumer.fetch({ max_messages: 1000, expires: 1_000 });
      for await (const msg of batch) {
        const event = msg.json<Record<string, unknown>>();
        if (event.networkEID === network.networkEID) found = event;
      }
    }
    expect(found).toMatchObject({
      type: 'auth.menu.updated',
      actor: { type: 'user', EID: network.admin.profileEID },
      data: { customLinks: [expect.objectContaining({ label: 'Evented', url: 'https://e.example/' })] },
    });
  });
});
