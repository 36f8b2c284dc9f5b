import { describe, expect, it } from 'vitest';
import { expandHref, type Link, type LinkContext, type LinkValue } from './core/links.js';
import { isSupportedVersion } from './core/versions.js';
import { linkRelations, resolveLinks } from './links.js';

/** The href of a relation holding one link (every relation here but an `each` one). */
const hrefOf = (value: LinkValue | undefined): string | undefined =>
  value === undefined || Array.isArray(value) ? undefined : (value as Link).href;

const NET = '0123456789abcdef01234567';
const OTHER_NET = 'fedcba9876543210fedcba98';
const ME = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const ctx: LinkContext = { version: '2026.1.13', networkEID: NET, profileEID: ME };

describe('linkRelations', () => {
  it('lists every aggregate relation of the spec, in order, then the live stream', () => {
    expect(linkRelations.aggregate?.map((r) => r.rel)).toEqual([
      'self',
      'newFeatures',
      'whoami',
      'networkProfile',
      'settings',
      'networkTimeline',
      'unreadConversations',
      'myGroups',
      'groupInvites',
      'administeredGroups',
      'groupTypes',
      'apps',
      'widgets',
      'liveStream',
      'savedItems',
    ]);
  });

  it('lists the network relations, the later ones versioned', () => {
    expect(linkRelations.network?.map((r) => r.rel)).toEqual([
      'self',
      'emblem',
      'userProfile',
      'networkTimeline', // affordances: the network's timeline
      'favicon',
      'hostInfo',
      'whitelabelApps',
      'branding', // Directory: branding
    ]);
  });

  it('has unique relation names per type, root-relative hrefs and well-formed version bounds', () => {
    for (const relations of Object.values(linkRelations)) {
      expect(new Set(relations.map((r) => r.rel)).size).toBe(relations.length);
      for (const relation of relations) {
        expect(relation.href).toMatch(/^\/[^{}]*(\{[A-Za-z_$][\w$.]*\}[^{}]*)*$/);
        for (const bound of [relation.versions?.since, relation.versions?.until]) {
          if (bound !== undefined) expect(isSupportedVersion(bound)).toBe(true);
        }
      }
    }
  });
});

describe('expandHref', () => {
  it('fills resource fields, nested fields and context values', () => {
    const network = { type: 'network', EID: NET, emblem: { type: 'file', EID: 'e'.repeat(24) } };
    expect(expandHref('/networks/{EID}/files/{emblem.EID}/', network, ctx)).toBe(
      `/networks/${NET}/files/${'e'.repeat(24)}/`,
    );
    expect(expandHref('/networks/{networkEID}/groups/?user={me}', { type: 'aggregate' }, ctx)).toBe(
      `/networks/${NET}/groups/?user=${ME}`,
    );
  });

  it('is undefined when a placeholder has no value', () => {
    expect(expandHref('/x/{emblem.EID}/', { type: 'network', EID: NET }, ctx)).toBeUndefined();
    expect(expandHref('/x/{emblem.EID}/', { type: 'network', emblem: null }, ctx)).toBeUndefined();
    expect(expandHref('/x/{EID}/', { type: 'network', EID: '' }, ctx)).toBeUndefined();
    expect(expandHref('/x/{EID}/', { type: 'network', EID: { nested: true } }, ctx)).toBeUndefined();
    expect(
      expandHref('/x/{me}/', { type: 'aggregate' }, { version: ctx.version, networkEID: NET }),
    ).toBeUndefined();
  });

  it('encodes values', () => {
    expect(expandHref('/x/{name}/', { type: 't', name: 'a/b c' }, ctx)).toBe('/x/a%2Fb%20c/');
    expect(expandHref('/x/{n}/', { type: 't', n: 7 }, ctx)).toBe('/x/7/');
  });

  it('never lets the resource shadow the request context', () => {
    expect(expandHref('/networks/{networkEID}/', { type: 't', networkEID: OTHER_NET }, ctx)).toBe(
      `/networks/${NET}/`,
    );
    expect(expandHref('/u/{me}/', { type: 't', me: 'evil' }, ctx)).toBe(`/u/${ME}/`);
  });

  it('does not read inherited properties', () => {
    expect(expandHref('/x/{constructor.name}/', { type: 't' }, ctx)).toBeUndefined();
  });

  it("does not put the caller's profile into a resource of another network", () => {
    const otherNetwork = { type: 'network', EID: OTHER_NET };
    expect(expandHref('/networks/{EID}/users/{me}/', otherNetwork, ctx)).toBeUndefined();
    const otherUser = { type: 'user', EID: ME, network: { type: 'network', EID: OTHER_NET } };
    expect(expandHref('/u/{me}/', otherUser, ctx)).toBeUndefined();
    expect(expandHref('/u/{me}/', { ...otherUser, network: { type: 'network', EID: NET } }, ctx)).toBe(
      `/u/${ME}/`,
    );
  });
});

describe('resolveLinks', () => {
  const network = { type: 'network', EID: NET, emblem: { type: 'file', EID: 'e'.repeat(24) } };

  it('builds the network links and leaves out those without values', () => {
    expect(resolveLinks(network, ctx)).toEqual({
      self: { href: `/networks/${NET}/` },
      emblem: { href: `/networks/${NET}/files/${'e'.repeat(24)}/` },
      userProfile: { href: `/networks/${NET}/users/${ME}/` },
      networkTimeline: { href: `/networks/${NET}/timeline/` },
      hostInfo: { href: `/networks/${NET}/host-info/` },
      whitelabelApps: { href: `/networks/${NET}/whitelabel-apps/` },
      branding: { href: `/networks/${NET}/branding.css` }, // Directory: branding
    });
  });

  it('adds the later network links only from 2023.0.1', () => {
    expect(Object.keys(resolveLinks(network, { ...ctx, version: '1.6.8' }))).toEqual([
      'self',
      'emblem',
      'userProfile',
      'networkTimeline', // affordances: the network's timeline
    ]);
    expect(Object.keys(resolveLinks(network, { ...ctx, version: '2023.0.1' }))).toEqual([
      'self',
      'emblem',
      'userProfile',
      'networkTimeline', // affordances: the network's timeline
      'hostInfo',
      'whitelabelApps',
      'branding', // Directory: branding
    ]);
  });

  it('writes absolute hrefs after a base URL, the same links as the relative ones', () => {
    const relative = resolveLinks(network, ctx);
    const absolute = resolveLinks(network, ctx, 'https://api.example');
    expect(Object.keys(absolute)).toEqual(Object.keys(relative));
    for (const [rel, link] of Object.entries(relative)) {
      expect(absolute[rel]).toEqual({ href: `https://api.example${hrefOf(link)}` });
    }
    expect(expandHref('/x/{EID}/', network, ctx, 'https://api.example')).toBe(
      `https://api.example/x/${NET}/`,
    );
    expect(expandHref('/x/{emblem.nothing}/', network, ctx, 'https://api.example')).toBeUndefined();
  });

  it('answers each version by its own relations, whatever was asked before (remembered per version)', () => {
    for (let round = 0; round < 3; round++) {
      expect(Object.keys(resolveLinks(network, { ...ctx, version: '1.6.8' }))).toHaveLength(4);
      expect(Object.keys(resolveLinks(network, { ...ctx, version: '2023.0.1' }))).toHaveLength(7);
    }
    expect(() => resolveLinks(network, { ...ctx, version: '1.x' })).toThrow(/malformed/);
  });

  it('builds every aggregate link', () => {
    const links = resolveLinks({ type: 'aggregate' }, ctx);
    expect(Object.keys(links)).toHaveLength(15);
    expect(links.liveStream).toEqual({ href: `/networks/${NET}/stream` });
    expect(links.unreadConversations).toEqual({ href: `/networks/${NET}/conversations/?unread=true` });
    expect(links.administeredGroups).toEqual({ href: `/networks/${NET}/groups/?admin=${ME}` });
    expect(links.whoami).toEqual({ href: '/whoami/' });
  });

  it('builds the user and whoami links', () => {
    const user = { type: 'user', EID: 'c'.repeat(24), network: { type: 'network', EID: NET } };
    expect(resolveLinks(user, ctx)).toEqual({
      self: { href: `/networks/${NET}/users/${'c'.repeat(24)}/` },
      network: { href: `/networks/${NET}/` },
      timeline: { href: `/networks/${NET}/users/${'c'.repeat(24)}/timeline/` }, // messaging: profile timeline
    });
    expect(resolveLinks({ type: 'whoami' }, { version: '2026.1.13' })).toEqual({
      self: { href: '/whoami/' },
    });
  });

  it('has no links for an unknown type, an inherited name or a missing type', () => {
    expect(resolveLinks({ type: 'nothing' }, ctx)).toEqual({});
    expect(resolveLinks({ type: 'constructor' }, ctx)).toEqual({});
    expect(resolveLinks({}, ctx)).toEqual({});
  });
});

describe('relations left out by a field (`unless`)', () => {
  const message = { type: 'update', EID: 'bbbbbbbbbbbbbbbbbbbbbbbb', author: { type: 'user', EID: ME } };
  it('gives an unlocked network message its comments, likers and the network timeline', () => {
    const links = resolveLinks({ ...message, locked: false, group: null }, ctx);
    expect(Object.keys(links)).toEqual([
      'self',
      'author',
      'timeline',
      'comments',
      'likers',
      'reactions',
      'typing',
      'readers',
    ]);
  });

  it('drops comments and likers of a locked message, and the network timeline of a group message', () => {
    const group = { type: 'group', EID: 'cccccccccccccccccccccccc' };
    const links = resolveLinks({ ...message, locked: true, group }, ctx);
    // Reactions stay listed while locked: the lock stops new ones only.
    expect(Object.keys(links)).toEqual(['self', 'author', 'groupTimeline', 'group', 'reactions', 'readers']);
    expect(hrefOf(links.groupTimeline)).toBe(`/networks/${NET}/groups/${group.EID}/timeline/`);
  });

  it('drops the network timeline of a profile message (unless with several fields), links the user’s', () => {
    const profile = { type: 'user', EID: 'dddddddddddddddddddddddd' };
    const links = resolveLinks({ ...message, locked: false, group: null, profile }, ctx);
    expect(Object.keys(links)).toEqual([
      'self',
      'author',
      'comments',
      'likers',
      'reactions',
      'typing',
      'readers',
      'userTimeline',
    ]);
    expect(hrefOf(links.userTimeline)).toBe(`/networks/${NET}/users/${profile.EID}/timeline/`);
  });
});

describe('relations kept only when a field holds a value (`when`, dotted)', () => {
  const poll = { type: 'poll', EID: 'eeeeeeeeeeeeeeeeeeeeeeee', author: { type: 'user', EID: ME } };
  it('links `reactivate` on an ended poll only', () => {
    const active = resolveLinks({ ...poll, locked: false, group: null, poll: { ended: false } }, ctx);
    expect(active.reactivate).toBeUndefined();
    expect(hrefOf(active.votes)).toBe(`/polls/${poll.EID}/votes/`);
    const ended = resolveLinks({ ...poll, locked: false, group: null, poll: { ended: true } }, ctx);
    expect(hrefOf(ended.reactivate)).toBe(`/polls/${poll.EID}/reactivate`);
    expect(resolveLinks({ ...poll, locked: false, group: null }, ctx).reactivate).toBeUndefined();
  });
});
