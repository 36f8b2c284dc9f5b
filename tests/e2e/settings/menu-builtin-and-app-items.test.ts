/**
 * The network menu over HTTP (spec: `GET /networks/{networkEID}/menu/`; gate `menu.celebrations`):
 * built-in sections, `celebrations` by device, feature and version, and app entry points (from the
 * manifests of installed apps, registered and installed over HTTP) hidden from external users
 * (docs/decisions.md, settings section). Custom links and the domain event:
 * menu-custom-links.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
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
import { menuPath, putLinks, type Menu } from './menu-setup.js';

afterAll(closeFactories);

const names = (menu: Menu) => menu._embedded.items.map((i) => i.name ?? i.label);
const hasCelebrations = (menu: Menu) =>
  menu._embedded.items.some((i) => i.itemType === 'builtin' && i.name === 'celebrations');

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
