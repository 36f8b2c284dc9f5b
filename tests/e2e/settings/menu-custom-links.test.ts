/**
 * The network menu over HTTP (spec: `PUT /networks/{networkEID}/menu/`; gate
 * `menu.includeExternalUsers`): custom links written by administrators, hidden from external users
 * when they say so, validated and kept by EID, and the domain event (docs/decisions.md, settings
 * section). Built-in sections and app entry points: menu-builtin-and-app-items.test.ts.
 */
import { connect, type NatsConnection } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, mediaType, type Problem } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { stack } from '../../support/stack.js';
import { menuPath, putLinks, type Menu } from './menu-setup.js';

afterAll(closeFactories);

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
        .consumers.get('EVENTS', { filterSubjects: `events.auth.menu.updated.${network.networkEID}` });
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
