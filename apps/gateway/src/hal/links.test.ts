import {
  effectivePageLimit,
  pageLinks,
  paginationDefaults,
  type PlainCollection,
  type PlainResource,
} from '@ncs/contracts';
import { describe, expect, it } from 'vitest';
import { NET, newUser } from '../test/hal-resources.js';
import { toHal, toHalCollection, type HalContext } from './links.js';

const BASE = 'https://api.ncs.example';
const ME = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const EMBLEM = 'eeeeeeeeeeeeeeeeeeeeeeee';
const ctx: HalContext = { baseUrl: BASE, version: '2026.1.13', networkEID: NET, profileEID: ME };

function newNetwork(fields: Record<string, unknown> = {}): PlainResource {
  return { type: 'network', EID: NET, name: 'Acme', ...fields };
}

describe('toHal', () => {
  it('adds absolute links from the link relations', () => {
    const hal = toHal(newNetwork({ emblem: { type: 'file', EID: EMBLEM } }), ctx);
    expect(hal._links).toEqual({
      self: { href: `${BASE}/networks/${NET}/` },
      emblem: { href: `${BASE}/networks/${NET}/files/${EMBLEM}/` },
      userProfile: { href: `${BASE}/networks/${NET}/users/${ME}/` },
      networkTimeline: { href: `${BASE}/networks/${NET}/timeline/` },
      hostInfo: { href: `${BASE}/networks/${NET}/host-info/` },
      whitelabelApps: { href: `${BASE}/networks/${NET}/whitelabel-apps/` },
      branding: { href: `${BASE}/networks/${NET}/branding.css` }, // Directory: branding
    });
  });

  it('leaves out a link whose placeholder has no value', () => {
    const links = toHal(newNetwork(), ctx)._links as Record<string, unknown>;
    expect(links).not.toHaveProperty('emblem');
    expect(links).not.toHaveProperty('favicon');
    const anonymous = toHal(newNetwork(), { baseUrl: BASE, version: ctx.version, networkEID: NET });
    expect(anonymous._links).not.toHaveProperty('userProfile');
  });

  it('keeps every property, also one named like a relation', () => {
    const user = newUser(ME, { self: 'a property', _user: { member: true } });
    const hal = toHal(user, ctx);
    expect(hal).toMatchObject({ ...user });
    expect(hal.self).toBe('a property');
    expect(hal.network).toEqual({ type: 'network', EID: NET });
    expect(hal._links).toEqual({
      self: { href: `${BASE}/networks/${NET}/users/${ME}/` },
      network: { href: `${BASE}/networks/${NET}/` },
      timeline: { href: `${BASE}/networks/${NET}/users/${ME}/timeline/` }, // messaging: profile timeline
    });
  });

  it('shows versioned links only in their range', () => {
    expect(Object.keys(toHal(newNetwork(), { ...ctx, version: '1.6.8' })._links as object)).toEqual([
      'self',
      'userProfile',
      'networkTimeline', // affordances: the network's timeline
    ]);
    expect(Object.keys(toHal(newNetwork(), { ...ctx, version: '2023.0.1' })._links as object)).toEqual([
      'self',
      'userProfile',
      'networkTimeline', // affordances: the network's timeline
      'hostInfo',
      'whitelabelApps',
      'branding', // Directory: branding
    ]);
  });

  it('applies the field gates of the version', () => {
    const item: PlainResource = { type: 'menu_item', context: { includeExternalUsers: false } };
    expect(toHal(item, { ...ctx, version: '2026.1.8' }).context).toEqual({});
    expect(toHal(item, { ...ctx, version: '2026.1.9' }).context).toEqual({ includeExternalUsers: false });
    expect(toHal(newUser(ME, { userState: 'deleted' }), { ...ctx, version: '1.6.8' }).deleted).toBe(true);
    expect(toHal(newUser(ME, { userState: 'deleted' }), ctx)).not.toHaveProperty('deleted');
  });

  it('turns embedded resources into HAL, single and in arrays, and leaves other values alone', () => {
    const OTHER = 'bbbbbbbbbbbbbbbbbbbbbbbb';
    const resource: PlainResource = {
      type: 'aggregate',
      _embedded: {
        network: newNetwork(),
        users: [newUser(OTHER, { userState: 'deleted' }), 42],
        note: 'text',
      },
    };
    const hal = toHal(resource, { ...ctx, version: '1.0.17' });
    const embedded = hal._embedded as Record<string, unknown>;
    expect((embedded.network as Record<string, unknown>)._links).toEqual({
      self: { href: `${BASE}/networks/${NET}/` },
      userProfile: { href: `${BASE}/networks/${NET}/users/${ME}/` },
      networkTimeline: { href: `${BASE}/networks/${NET}/timeline/` },
    });
    const [user, other] = embedded.users as [Record<string, unknown>, unknown];
    expect(user._links).toEqual({
      self: { href: `${BASE}/networks/${NET}/users/${OTHER}/` },
      network: { href: `${BASE}/networks/${NET}/` },
      timeline: { href: `${BASE}/networks/${NET}/users/${OTHER}/timeline/` },
    });
    expect(user.deleted).toBe(true);
    expect(other).toBe(42);
    expect(embedded.note).toBe('text');
  });

  it('places _links after the properties and _embedded last', () => {
    const hal = toHal({ type: 'aggregate', _embedded: { x: 1 }, zeta: true }, ctx);
    expect(Object.keys(hal)).toEqual(['type', 'zeta', '_links', '_embedded']);
  });

  it('keeps links a service sent, but the contract defines its own relations', () => {
    const hal = toHal(
      { type: 'whoami', _links: { self: { href: 'wrong' }, extra: { href: `${BASE}/x/` } } },
      ctx,
    );
    expect(hal._links).toEqual({ extra: { href: `${BASE}/x/` }, self: { href: `${BASE}/whoami/` } });
  });

  it('has empty _links for a type without relations, and never mutates its input', () => {
    const resource = Object.freeze({ type: 'no_relations_type', EID: NET, name: 'x' });
    expect(toHal(resource, ctx)).toEqual({ type: 'no_relations_type', EID: NET, name: 'x', _links: {} });
    expect(resource).not.toHaveProperty('_links');
  });

  it("does not put the caller's profile into a network of another tenant", () => {
    const other = toHal(newNetwork({ EID: 'cccccccccccccccccccccccc' }), ctx);
    expect(other._links).not.toHaveProperty('userProfile');
  });
});

function newPage(total: number, limit: number, offset: number): PlainCollection {
  const count = Math.max(0, Math.min(limit, total - offset));
  return {
    type: 'collection',
    itemType: 'user',
    rel: 'users',
    total,
    limit,
    offset,
    items: Array.from({ length: count }, (_, i) => newUser((offset + i).toString(16).padStart(24, '0'))),
  };
}

describe('toHalCollection', () => {
  const url = (query: string) => new URL(`${BASE}/networks/${NET}/users/${query}`);

  it('has total, limit, offset, a self link and the items as HAL under their relation', () => {
    const hal = toHalCollection(newPage(2, 20, 0), ctx, url('?limit=20'));
    expect(hal).toMatchObject({ type: 'collection', total: 2, limit: 20, offset: 0 });
    expect(hal._links).toEqual({ self: { href: `${BASE}/networks/${NET}/users/?limit=20` } });
    const users = (hal._embedded as { users: Record<string, unknown>[] }).users;
    expect(users).toHaveLength(2);
    expect(users[0]?._links).toHaveProperty('self');
  });

  it('links next only on the first page', () => {
    const links = toHalCollection(newPage(45, 20, 0), ctx, url('?limit=20'))._links as Record<
      string,
      unknown
    >;
    expect(links.next).toEqual({ href: `${BASE}/networks/${NET}/users/?limit=20&offset=20` });
    expect(links).not.toHaveProperty('prev');
  });

  it('links next and prev on a middle page', () => {
    const links = toHalCollection(newPage(45, 20, 20), ctx, url('?limit=20&offset=20&scope=chat'))._links;
    expect(links).toEqual({
      self: { href: `${BASE}/networks/${NET}/users/?limit=20&offset=20&scope=chat` },
      next: { href: `${BASE}/networks/${NET}/users/?limit=20&offset=40&scope=chat` },
      prev: { href: `${BASE}/networks/${NET}/users/?limit=20&offset=0&scope=chat` },
    });
  });

  it('links prev only on the last page', () => {
    const links = toHalCollection(newPage(45, 20, 40), ctx, url('?offset=40'))._links as Record<
      string,
      unknown
    >;
    expect(links).not.toHaveProperty('next');
    expect(links.prev).toEqual({ href: `${BASE}/networks/${NET}/users/?offset=20` });
  });

  it('has neither link for a single page or an empty collection', () => {
    expect(Object.keys(toHalCollection(newPage(20, 20, 0), ctx, url(''))._links as object)).toEqual(['self']);
    expect(toHalCollection(newPage(0, 20, 0), ctx, url(''))).toMatchObject({
      total: 0,
      _embedded: { users: [] },
    });
  });

  it('never echoes an access token', () => {
    const hal = toHalCollection(newPage(45, 20, 20), ctx, url('?access_token=secret&offset=20'));
    expect(JSON.stringify(hal)).not.toContain('secret');
  });

  it('pages a sub-resource through its own offset parameter', () => {
    const links = toHalCollection(newPage(45, 20, 20), ctx, url('?offset%5Brecipients%5D=20'), {
      offsetParam: 'offset[recipients]',
    })._links as Record<string, { href: string }>;
    expect(new URL(links.next!.href).searchParams.get('offset[recipients]')).toBe('40');
    expect(new URL(links.prev!.href).searchParams.get('offset[recipients]')).toBe('0');
  });

  it('links `create` where a POST of a new item goes, only for a collection that takes them', () => {
    const timeline = toHalCollection(
      newPage(0, 20, 0),
      ctx,
      new URL(`${BASE}/networks/${NET}/timeline/?limit=5`),
    );
    expect((timeline._links as Record<string, unknown>).create).toEqual({
      href: `${BASE}/networks/${NET}/messages/`,
    });
    const groups = toHalCollection(newPage(0, 20, 0), ctx, new URL(`${BASE}/networks/${NET}/groups/`));
    expect((groups._links as Record<string, unknown>).create).toEqual({
      href: `${BASE}/networks/${NET}/groups/`,
    });
    expect(toHalCollection(newPage(0, 20, 0), ctx, url(''))._links).not.toHaveProperty('create');
  });
});

describe('action links', () => {
  const message = (actions: Record<string, true>) => ({
    type: 'update',
    EID: ME,
    author: { type: 'user', EID: ME },
    locked: false,
    _actions: actions,
  });

  it('are the actions `_actions` lists, and `_actions` itself is never shown', () => {
    const hal = toHal(message({ like: true, lock: true }), ctx);
    expect(hal).not.toHaveProperty('_actions');
    const links = hal._links as Record<string, { href: string }>;
    expect(links.like).toEqual({ href: `${BASE}/networks/${NET}/messages/${ME}/like` });
    expect(links.lock).toEqual({ href: `${BASE}/networks/${NET}/messages/${ME}/lock` });
    for (const absent of ['unlike', 'unlock', 'remove', 'read']) expect(links).not.toHaveProperty(absent);
    expect(toHal(message({}), ctx)._links).not.toHaveProperty('like');
  });
});

describe('pageLinks', () => {
  const url = new URL(`${BASE}/x/?q=a%20b&limit=500`);

  it('writes the page size actually served into an explicit limit', () => {
    expect(pageLinks(url, 250, 100, 0).next).toBe(`${BASE}/x/?q=a+b&limit=100&offset=100`);
  });

  it('uses limit[rel] with offset[rel]', () => {
    const next = pageLinks(
      new URL(`${BASE}/x/?limit%5Brecipients%5D=5`),
      20,
      5,
      0,
      'offset[recipients]',
    ).next!;
    expect(new URL(next).searchParams.get('limit[recipients]')).toBe('5');
    expect(new URL(next).searchParams.get('offset[recipients]')).toBe('5');
  });

  it('points prev of an offset past the end at the last page', () => {
    expect(pageLinks(new URL(`${BASE}/x/`), 45, 20, 200)).toEqual({ prev: `${BASE}/x/?offset=40` });
    expect(pageLinks(new URL(`${BASE}/x/`), 0, 20, 60)).toEqual({ prev: `${BASE}/x/?offset=0` });
  });

  it('points prev of an unaligned offset at the start, never below 0', () => {
    expect(pageLinks(new URL(`${BASE}/x/`), 45, 20, 5).prev).toBe(`${BASE}/x/?offset=0`);
  });

  it('has no links for a zero limit', () => {
    expect(pageLinks(new URL(`${BASE}/x/`), 45, 0, 5)).toEqual({});
  });
});

describe('effectivePageLimit', () => {
  it('defaults and clamps, unless the app has infinite_limit', () => {
    expect(effectivePageLimit(undefined, [])).toBe(paginationDefaults.limit);
    expect(effectivePageLimit(50, [])).toBe(50);
    expect(effectivePageLimit(500, [])).toBe(paginationDefaults.maxLimit);
    expect(effectivePageLimit(500, ['infinite_limit'])).toBe(500);
  });
});
