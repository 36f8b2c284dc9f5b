/**
 * No emitted link dangles: every relation the gateway can emit, for every resource type
 * and every version in which it is emitted, names a route of the table that exists in that version
 * (a GET for a resource, a POST for an action link such as `complete`), and its query parameters
 * are parameters of a route of that path.
 */
import { describe, expect, it } from 'vitest';
import type { RouteDefinition } from './core/route-definition.js';
import { compareVersions, inVersionRange, supportedVersionRanges } from './core/versions.js';
import { linkRelations } from './links.js';
import { routes } from './routes.js';

const SAMPLE_VALUE = 'aaaaaaaaaaaaaaaaaaaaaaaa';

/** Every version where a relation or a route starts or stops existing, and the supported bounds. */
function boundaryVersions(): string[] {
  const bounds = new Set<string>();
  for (const range of supportedVersionRanges) bounds.add(range.from).add(range.to);
  const ranges = [
    ...routes.map((r) => r.versions),
    ...Object.values(linkRelations).flatMap((relations) => relations.map((r) => r.versions)),
  ];
  for (const range of ranges) {
    if (range?.since !== undefined) bounds.add(range.since);
    if (range?.until !== undefined) bounds.add(range.until);
  }
  return [...bounds].sort(compareVersions);
}

function pathPattern(path: string): RegExp {
  const escaped = path
    .split(/\{[^{}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${escaped}$`);
}

const tableRoutes = routes.map((r) => ({ route: r, pattern: pathPattern(r.path) }));

/** The route a link href template leads to in a version (a GET first), if any. */
function targetOf(href: string, version: string): RouteDefinition | undefined {
  const path = href.split('?')[0]!.replace(/\{[^{}]+\}/g, SAMPLE_VALUE);
  const matches = tableRoutes
    .filter(({ route, pattern }) => pattern.test(path) && inVersionRange(version, route.versions))
    .map(({ route }) => route);
  return matches.find((r) => r.method === 'GET') ?? matches[0];
}

function queryNamesOf(href: string): string[] {
  const query = href.split('?')[1];
  return query === undefined ? [] : [...new URLSearchParams(query).keys()];
}

/**
 * Relations that no route serves yet. Each must still dangle: once its route is merged the last
 * test fails until it leaves this list. Files and folders: `network.emblem` and
 * `network.favicon` (`/networks/{EID}/files/{…}/`) are served by `file.get` now.
 */
const PENDING = new Set<string>([]);

const emitted = Object.entries(linkRelations).flatMap(([type, relations]) =>
  relations.flatMap((relation) =>
    boundaryVersions()
      .filter((version) => inVersionRange(version, relation.versions))
      .map((version) => ({ type, rel: relation.rel, href: relation.href, version })),
  ),
);

describe('link targets', () => {
  it('walks relations of every resource type', () => {
    expect(Object.keys(linkRelations)).toEqual(expect.arrayContaining(['aggregate', 'network', 'user']));
    expect(emitted.length).toBeGreaterThan(100);
  });

  it('finds a route of the table for every relation in every version that emits it', () => {
    const dangling = emitted
      .filter(({ type, rel }) => !PENDING.has(`${type}.${rel}`))
      .filter(({ href, version }) => targetOf(href, version) === undefined)
      .map(({ type, rel, href, version }) => `${type}.${rel} ${href} (${version})`);
    expect([...new Set(dangling)]).toEqual([]);
  });

  it('lists as pending only relations that still dangle', () => {
    const stillDangling = new Set(
      emitted
        .filter(({ href, version }) => targetOf(href, version) === undefined)
        .map(({ type, rel }) => `${type}.${rel}`),
    );
    expect([...PENDING].filter((relation) => !stillDangling.has(relation))).toEqual([]);
  });

  it('names only query parameters of the target route', () => {
    const unknown = emitted.flatMap(({ type, rel, href, version }) => {
      const properties = Object.keys(targetOf(href, version)?.query?.properties ?? {});
      return queryNamesOf(href)
        .filter((name) => targetOf(href, version) !== undefined && !properties.includes(name))
        .map((name) => `${type}.${rel} ?${name}`);
    });
    expect([...new Set(unknown)]).toEqual([]);
  });
});
