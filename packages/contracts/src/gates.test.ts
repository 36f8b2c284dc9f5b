import { describe, expect, it } from 'vitest';
import {
  applyFieldGates,
  applyGateEffect,
  applyOwnFieldGates,
  embedRoutesFor,
  InvalidFieldPathError,
  isGateOpen,
  parseFieldPath,
  responseGatesFor,
  UnknownGateError,
  versionGates,
  type GateId,
} from './gates.js';
import { findRoute } from './routes.js';
import { compareVersions, isSupportedVersion } from './core/versions.js';

/** Every gate with the last version before its boundary and the boundary itself. */
const boundaries: Record<GateId, readonly [lastBefore: string, boundary: string]> = {
  'aggregate.emptyResource': ['1.0.17', '1.0.18'],
  'user.deletedReplacedByUserState': ['1.6.8', '2023.0.1'],
  'menu.includeExternalUsers': ['2026.1.8', '2026.1.9'],
  'menu.celebrations': ['2026.1.6', '2026.1.7'],
  'widgets.celebrations': ['2026.1.6', '2026.1.7'],
  'kb.page.nullTitleBodyRejected': ['2026.0.99', '2026.1.0'],
  'journey.metaWhitelistOnly': ['2025.2.99', '2025.3.0'],
  'whitelist.deprecatedPropertiesReplaced': ['2025.0.99', '2025.1.0'],
  'timeline.news.noConcatenated': ['2025.0.99', '2025.1.0'],
  'pagination.offsetNotCarried': ['2024.2.99', '2024.3.0'],
  'tasks.offsetMessagesUnsupported': ['2024.2.99', '2024.3.0'],
  'roles.adminCollapsed': ['1.4.7', '1.4.8'],
  'messages.eventRenamedAnnouncement': ['1.4.7', '1.4.8'],
  // Devices, push and white-label apps.
  'whitelabel.appStoreUrlDropped': ['1.6.8', '2023.0.1'],
  'whitelabel.googlePlayUrlDropped': ['1.6.8', '2023.0.1'],
  // Files: media.
  'files.imageMegapixelsLifted': ['1.6.8', '2023.0.1'],
};

describe('the gate table', () => {
  it('has a boundary test pair for every gate, and no pair for a gate that does not exist', () => {
    expect(Object.keys(boundaries).sort()).toEqual(versionGates.map((g) => g.id).sort());
  });

  it('has unique ids', () => {
    expect(new Set(versionGates.map((g) => g.id)).size).toBe(versionGates.length);
  });

  it.each(versionGates.map((g) => [g.id, g] as const))('%s has one bound that matches effectIs', (id, g) => {
    const [lastBefore, boundary] = boundaries[id as GateId];
    if (g.effectIs === 'newBehaviour') expect(g.range).toEqual({ since: boundary });
    else expect(g.range).toEqual({ until: boundary });
    expect(isSupportedVersion(boundary)).toBe(true);
    expect(isSupportedVersion(lastBefore)).toBe(true);
    expect(compareVersions(lastBefore, boundary)).toBe(-1);
  });

  it.each(versionGates.map((g) => [g.id, g] as const))(
    '%s names a resource type exactly when it has a resource effect',
    (_id, g) => {
      expect(g.resourceType !== undefined).toBe(g.effect.kind !== 'behaviour');
    },
  );

  it('embeds only routes of the route table, and only valid field paths', () => {
    for (const g of versionGates) {
      if (g.effect.kind === 'embedRoute')
        expect(() => findRoute((g.effect as { routeId: string }).routeId)).not.toThrow();
      if (g.effect.kind === 'omitField' || g.effect.kind === 'deriveFlag') {
        expect(() => parseFieldPath((g.effect as { path: string }).path)).not.toThrow();
      }
    }
  });
});

describe('isGateOpen', () => {
  it.each(Object.entries(boundaries))(
    '%s is closed at %s and open at the boundary',
    (id, [lastBefore, boundary]) => {
      expect(isGateOpen(id, lastBefore)).toBe(false);
      expect(isGateOpen(id, boundary)).toBe(true);
    },
  );

  it('is open at the latest version for every gate, and closed at the oldest', () => {
    for (const g of versionGates) {
      expect(isGateOpen(g.id, '2026.1.13')).toBe(true);
      expect(isGateOpen(g.id, '1.0.2')).toBe(false);
    }
  });

  it('throws on an unknown id (typo-safe)', () => {
    expect(() => isGateOpen('menu.celebration', '2026.1.13')).toThrow(UnknownGateError);
  });

  it('throws on a malformed version', () => {
    expect(() => isGateOpen('menu.celebrations', '2026.1')).toThrow(/malformed/);
  });
});

describe('aggregate.emptyResource: the network is embedded before 1.0.18', () => {
  it('embeds network.get at 1.0.17', () => {
    expect(embedRoutesFor('aggregate', '1.0.17')).toEqual([{ rel: 'network', routeId: 'network.get' }]);
  });

  it('embeds nothing at 1.0.18', () => {
    expect(embedRoutesFor('aggregate', '1.0.18')).toEqual([]);
  });

  it('leaves the fields alone (the embed is fetched by the gateway)', () => {
    expect(applyFieldGates({ type: 'aggregate' }, '1.0.17')).toEqual({ type: 'aggregate' });
  });
});

describe('user.deletedReplacedByUserState: `deleted` exists only before 2023.0.1', () => {
  const user = { type: 'user', EID: 'a'.repeat(24), userState: 'deleted' };

  it('derives `deleted` from `userState` at 1.6.8', () => {
    expect(applyFieldGates(user, '1.6.8')).toEqual({ ...user, deleted: true });
    expect(applyFieldGates({ ...user, userState: 'active' }, '1.6.8')).toMatchObject({ deleted: false });
  });

  it('has no `deleted` at 2023.0.1, even if a service sent one', () => {
    expect(applyFieldGates(user, '2023.0.1')).toEqual(user);
    expect(applyFieldGates({ ...user, deleted: true }, '2023.0.1')).toEqual({ ...user, deleted: true });
  });

  it('does not invent `deleted` without `userState`', () => {
    expect(applyFieldGates({ type: 'user' }, '1.6.8')).toEqual({ type: 'user' });
  });
});

describe('menu.includeExternalUsers: readable from 2026.1.9', () => {
  const item = {
    type: 'menu_item',
    EID: 'b'.repeat(24),
    context: { includeExternalUsers: false, isDynamic: true },
  };

  it('omits context.includeExternalUsers at 2026.1.8', () => {
    expect(applyFieldGates(item, '2026.1.8')).toEqual({ ...item, context: { isDynamic: true } });
  });

  it('keeps it at 2026.1.9', () => {
    expect(applyFieldGates(item, '2026.1.9')).toEqual(item);
  });
});

describe('responseGatesFor', () => {
  it('lists only resource gates of the type whose effect applies', () => {
    expect(responseGatesFor('menu_item', '2026.1.8').map((g) => g.id)).toEqual(['menu.includeExternalUsers']);
    expect(responseGatesFor('menu_item', '2026.1.9')).toEqual([]);
    expect(responseGatesFor('aggregate', '1.0.2').map((g) => g.id)).toEqual(['aggregate.emptyResource']);
    expect(responseGatesFor('network', '1.0.2')).toEqual([]);
  });

  it('never lists behaviour gates', () => {
    expect(
      versionGates.some((g) => g.effect.kind === 'behaviour' && responseGatesFor('', '1.0.2').includes(g)),
    ).toBe(false);
  });
});

describe('applyFieldGates', () => {
  const oldVersion = '2026.1.8';

  it('never mutates its input', () => {
    const item = Object.freeze({ type: 'menu_item', context: Object.freeze({ includeExternalUsers: true }) });
    const gated = applyFieldGates(item, oldVersion);
    expect(gated).not.toBe(item);
    expect(item.context).toEqual({ includeExternalUsers: true });
  });

  it('returns a copy even when nothing applies', () => {
    const network = { type: 'network', name: 'n' };
    const gated = applyFieldGates(network, oldVersion);
    expect(gated).toEqual(network);
    expect(gated).not.toBe(network);
  });

  it('recurses into _embedded resources by their own type, single and in arrays', () => {
    const resource = {
      type: 'menu',
      _embedded: {
        items: [
          { type: 'menu_item', context: { includeExternalUsers: true } },
          { type: 'network', context: { includeExternalUsers: true } },
        ],
        profile: { type: 'user', userState: 'active' },
        note: 'not a resource',
      },
    };
    expect(applyFieldGates(resource, '1.6.8')._embedded).toEqual({
      items: [
        { type: 'menu_item', context: {} },
        { type: 'network', context: { includeExternalUsers: true } },
      ],
      profile: { type: 'user', userState: 'active', deleted: false },
      note: 'not a resource',
    });
  });

  it('applyOwnFieldGates leaves _embedded alone', () => {
    const resource = {
      type: 'aggregate',
      _embedded: { item: { type: 'menu_item', context: { includeExternalUsers: true } } },
    };
    expect(applyOwnFieldGates(resource, oldVersion)).toEqual(resource);
  });

  it('leaves a resource without a type alone', () => {
    expect(applyFieldGates({ context: { includeExternalUsers: true } }, oldVersion)).toEqual({
      context: { includeExternalUsers: true },
    });
  });

  it('skips missing intermediate objects and non-object values on the path', () => {
    expect(applyFieldGates({ type: 'menu_item' }, oldVersion)).toEqual({ type: 'menu_item' });
    expect(applyFieldGates({ type: 'menu_item', context: null }, oldVersion)).toEqual({
      type: 'menu_item',
      context: null,
    });
    expect(applyFieldGates({ type: 'menu_item', context: [1] }, oldVersion)).toEqual({
      type: 'menu_item',
      context: [1],
    });
  });
});

describe('parseFieldPath', () => {
  it('parses keys and array steps', () => {
    expect(parseFieldPath('items[].context.includeExternalUsers')).toEqual([
      { key: 'items', eachItem: true },
      { key: 'context', eachItem: false },
      { key: 'includeExternalUsers', eachItem: false },
    ]);
    expect(parseFieldPath('$parentCommentEID')).toEqual([{ key: '$parentCommentEID', eachItem: false }]);
  });

  it.each(['', 'a..b', 'a.', 'a[]', 'a[0].b', 'a b', '.a', 'a.[].b'])('rejects %j', (path) => {
    expect(() => parseFieldPath(path)).toThrow(InvalidFieldPathError);
  });
});

describe('applyGateEffect', () => {
  const menu = {
    type: 'menu',
    items: [
      { type: 'menu_item', context: { includeExternalUsers: true, isDynamic: false } },
      { type: 'menu_item' },
      'not an object',
      { type: 'menu_item', context: { isDynamic: true } },
    ],
  };

  it('omits a field inside every array item with `items[]`', () => {
    const gated = applyGateEffect(menu, { kind: 'omitField', path: 'items[].context.includeExternalUsers' });
    expect(gated.items).toEqual([
      { type: 'menu_item', context: { isDynamic: false } },
      { type: 'menu_item' },
      'not an object',
      { type: 'menu_item', context: { isDynamic: true } },
    ]);
    expect(menu.items[0]).toEqual({
      type: 'menu_item',
      context: { includeExternalUsers: true, isDynamic: false },
    });
  });

  it('returns the very same object when nothing on the path changes', () => {
    const untouched = { type: 'menu', items: [{ context: {} }] };
    expect(
      applyGateEffect(untouched, { kind: 'omitField', path: 'items[].context.includeExternalUsers' }),
    ).toBe(untouched);
    expect(applyGateEffect(untouched, { kind: 'omitField', path: 'missing[].x' })).toBe(untouched);
    expect(applyGateEffect({ items: 'no array' }, { kind: 'omitField', path: 'items[].x' })).toEqual({
      items: 'no array',
    });
  });

  it('derives a flag next to its source field', () => {
    const resource = { members: [{ userState: 'deleted' }, { userState: 'active' }, {}] };
    expect(
      applyGateEffect(resource, {
        kind: 'deriveFlag',
        path: 'members[].deleted',
        from: 'userState',
        equals: 'deleted',
      }),
    ).toEqual({
      members: [{ userState: 'deleted', deleted: true }, { userState: 'active', deleted: false }, {}],
    });
  });

  it('does nothing for fetching and behaviour effects', () => {
    expect(applyGateEffect(menu, { kind: 'embedRoute', rel: 'network', routeId: 'network.get' })).toBe(menu);
    expect(applyGateEffect(menu, { kind: 'behaviour' })).toBe(menu);
  });
});

// Devices, push and white-label apps.
describe('whitelabel.*Dropped: the store URLs exist only before 2023.0.1', () => {
  const app = {
    type: 'whitelabel_app',
    projectId: 'p',
    appStoreUrl: 'https://a.example',
    googlePlayUrl: null,
  };
  it('keeps both at 1.6.8', () => {
    expect(applyFieldGates(app, '1.6.8')).toEqual(app);
  });
  it('omits both at 2023.0.1', () => {
    expect(applyFieldGates(app, '2023.0.1')).toEqual({ type: 'whitelabel_app', projectId: 'p' });
  });
});
