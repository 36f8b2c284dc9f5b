/**
 * Where a collection takes new items: its `create` link (ARCHITECTURE §8). HAL links carry no
 * method; a `create` link is a plain link whose POST creates an item of the collection, as action
 * links (`like`, `complete`…) are links whose POST performs the action. Derived from the route
 * table: a GET collection route with a POST route at the same path takes its POSTs there; a few
 * collections take them elsewhere (`createdAt`), e.g. a timeline's messages are posted to
 * `/messages/`.
 */
import type { RouteDefinition } from './core/route-definition.js';
import { routes } from './routes.js';

/**
 * Collections whose items are created by a POST at another path: GET route id → POST route id.
 * The timelines show what `message.create` posts (a group message names its `group` in the body).
 */
export const createdAt: Readonly<Record<string, string>> = {
  'timeline.network': 'message.create',
  'timeline.group': 'message.create',
};

function replySchemaOf(route: RouteDefinition): unknown {
  const schema = (route.reply as { schema?: unknown }).schema;
  if (typeof schema === 'object' && schema !== null && 'variants' in schema) {
    const variants = (schema as { variants: readonly { schema: unknown }[] }).variants;
    return variants.at(-1)?.schema;
  }
  return schema;
}

/** A GET route answering a page of a collection (`type: 'collection'`). */
export function isCollectionRoute(route: RouteDefinition): boolean {
  if (route.method !== 'GET' || route.format !== 'hal') return false;
  const type = (replySchemaOf(route) as { properties?: { type?: { const?: unknown } } } | undefined)
    ?.properties?.type;
  return type?.const === 'collection';
}

/** The POST route creating an item of a GET collection route, if it takes new items. */
export function createRouteOf(
  collection: RouteDefinition,
  table: readonly RouteDefinition[] = routes,
): RouteDefinition | undefined {
  const elsewhere = createdAt[collection.id];
  if (elsewhere !== undefined) return table.find((route) => route.id === elsewhere);
  return table.find((route) => route.method === 'POST' && route.path === collection.path);
}

interface CreatableCollection {
  readonly pattern: RegExp;
  readonly params: readonly string[];
  readonly create: string;
}

const PARAM = /\{([^{}]+)\}/g;

function patternOf(path: string): { pattern: RegExp; params: string[] } {
  const params = [...path.matchAll(PARAM)].map((match) => match[1]!);
  const escaped = path
    .split(PARAM)
    .map((part, i) => (i % 2 === 1 ? '([^/]+)' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return { pattern: new RegExp(`^${escaped}$`), params };
}

/**
 * Built once: every collection that takes new items, as a path pattern and its create template;
 * fewer parameters first, so a literal segment wins over a parameter.
 */
const creatable: readonly CreatableCollection[] = routes
  .flatMap((route) => {
    if (!isCollectionRoute(route)) return [];
    const create = createRouteOf(route);
    if (create === undefined) return [];
    return [{ ...patternOf(route.path), create: create.path }];
  })
  .sort((a, b) => a.params.length - b.params.length);

/**
 * The path (relative to the base URL) a POST of a new item goes to, for the collection served at
 * `pathname`; `undefined` when that collection takes none. The create path's parameters are the
 * collection's (`{networkEID}`, `{messageEID}`…), taken from `pathname`.
 */
export function createPathOf(pathname: string): string | undefined {
  for (const { pattern, params, create } of creatable) {
    const match = pattern.exec(pathname);
    if (match === null) continue;
    const values = new Map(params.map((name, i) => [name, match[i + 1]!]));
    let missing = false;
    const path = create.replace(PARAM, (_, name: string) => {
      const value = values.get(name);
      if (value === undefined) missing = true;
      return value ?? '';
    });
    return missing ? undefined : path;
  }
  return undefined;
}

/**
 * Collections that link related collections (HAL relation → GET route id): a timeline links its
 * pinned messages.
 */
export const relatedCollections: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'timeline.network': { pinned: 'timeline.networkPinned' },
  'timeline.group': { pinned: 'timeline.groupPinned' },
};

interface RelatedCollection {
  readonly pattern: RegExp;
  readonly params: readonly string[];
  readonly related: readonly { readonly rel: string; readonly path: string }[];
}

/** Built once, as `creatable`: the collections above as path patterns and their related paths. */
const relating: readonly RelatedCollection[] = routes
  .flatMap((route) => {
    const related = relatedCollections[route.id];
    if (related === undefined) return [];
    return [
      {
        ...patternOf(route.path),
        related: Object.entries(related).map(([rel, id]) => {
          const target = routes.find((candidate) => candidate.id === id);
          if (target === undefined) throw new Error(`related collection ${id} of ${route.id}: no such route`);
          return { rel, path: target.path };
        }),
      },
    ];
  })
  .sort((a, b) => a.params.length - b.params.length);

/** The related collections' links (relation → path) of the collection served at `pathname`. */
export function relatedPathsOf(pathname: string): { readonly rel: string; readonly path: string }[] {
  for (const { pattern, params, related } of relating) {
    const match = pattern.exec(pathname);
    if (match === null) continue;
    const values = new Map(params.map((name, i) => [name, match[i + 1]!]));
    return related.map(({ rel, path }) => ({
      rel,
      path: path.replace(PARAM, (_, name: string) => values.get(name) ?? ''),
    }));
  }
  return [];
}
