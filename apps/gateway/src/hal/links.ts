/**
 * HAL assembly (spec: Conventions; ARCHITECTURE §8): services return plain resources, the gateway
 * adds `_links` from the contracts' link relations (absolute hrefs), applies the field gates of the
 * negotiated version and puts embedded resources under `_embedded`. Pure: no I/O here; fetching what
 * `embedRefs` collects is the caller's job.
 */
import {
  applyOwnFieldGates,
  embedLimits,
  pageLinks,
  resolveLinks,
  withoutCredentials,
  type ErrorDetail,
  type PlainCollection,
  type PlainResource,
  type ResourceRef,
} from '@ncs/contracts';

export interface HalContext {
  /** No trailing slash. */
  readonly baseUrl: string;
  readonly version: string;
  readonly networkEID?: string;
  /** The caller's profile EID in `networkEID`. */
  readonly profileEID?: string;
}

export interface HalLink {
  readonly href: string;
}

export type HalLinks = Record<string, HalLink>;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isResource(value: unknown): value is PlainResource {
  return isObject(value) && typeof value.type === 'string';
}

function isRef(value: unknown): value is ResourceRef {
  return (
    isObject(value) && typeof value.type === 'string' && typeof value.EID === 'string' && value.EID !== ''
  );
}

function absolute(links: Readonly<Record<string, HalLink>>, baseUrl: string): HalLinks {
  return Object.fromEntries(
    Object.entries(links).map(([rel, link]) => [rel, { href: `${baseUrl}${link.href}` }]),
  );
}

function halEmbedded(embedded: JsonObject, ctx: HalContext): JsonObject {
  const toHalValue = (value: unknown): unknown => (isResource(value) ? toHal(value, ctx) : value);
  return Object.fromEntries(
    Object.entries(embedded).map(([rel, value]) => [
      rel,
      Array.isArray(value) ? value.map(toHalValue) : toHalValue(value),
    ]),
  );
}

/**
 * The HAL representation of a plain resource: every property kept as is (a link never overrides a
 * property: a property named `self` stays a property), `_links` from the contracts (relations a
 * service sent itself are kept unless the contracts define the same relation), field gates of
 * `ctx.version` applied, `_embedded` resources turned into HAL too.
 */
export function toHal(resource: PlainResource, ctx: HalContext): Record<string, unknown> {
  const gated = applyOwnFieldGates(resource, ctx.version);
  const { _links: sentLinks, _embedded: embedded, ...properties } = gated;
  const contractLinks = absolute(resolveLinks(gated, ctx), ctx.baseUrl);
  return {
    ...properties,
    _links: { ...(isObject(sentLinks) ? sentLinks : {}), ...contractLinks },
    ...(isObject(embedded) ? { _embedded: halEmbedded(embedded, ctx) } : {}),
  };
}

export interface CollectionOptions {
  /** The offset parameter of this collection, e.g. `offset[recipients]`; default `offset`. */
  readonly offsetParam?: string;
}

/**
 * A page of a collection: `{ type: 'collection', total, limit, offset, _links: { self, next?, prev? },
 * _embedded: { [rel]: items } }`. `requestUrl` must be built from the configured base URL and the
 * request path, never from the `Host` header; `access_token` is dropped from every link.
 */
export function toHalCollection(
  page: PlainCollection,
  ctx: HalContext,
  requestUrl: URL,
  options: CollectionOptions = {},
): Record<string, unknown> {
  const { next, prev } = pageLinks(requestUrl, page.total, page.limit, page.offset, options.offsetParam);
  return {
    type: 'collection',
    total: page.total,
    limit: page.limit,
    offset: page.offset,
    _links: {
      self: { href: withoutCredentials(requestUrl).href },
      ...(next !== undefined ? { next: { href: next } } : {}),
      ...(prev !== undefined ? { prev: { href: prev } } : {}),
    },
    _embedded: { [page.rel]: page.items.map((item) => toHal(item, ctx)) },
  };
}

// ---------------------------------------------------------------------------------------------
// embed=

/** `embed=a,b.c` as a tree: `{ a: {}, b: { c: {} } }`. */
export interface EmbedTree {
  readonly [rel: string]: EmbedTree;
}

/** Bounds on what one request may ask to embed: each relation costs a batch request to its owner. */
export { embedLimits };

const RELATION_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** An `embed` value that cannot be honoured; the gateway answers 400 VALIDATION_FAILED with `detail`. */
export class InvalidEmbedError extends Error {
  readonly detail: ErrorDetail;

  constructor(message: string) {
    super(message);
    this.name = 'InvalidEmbedError';
    this.detail = { pointer: '/query/embed', message };
  }
}

function relationPath(path: string): string[] {
  const names = path.split('.').map((name) => name.trim());
  const invalid = names.find((name) => !RELATION_NAME.test(name));
  if (invalid !== undefined)
    throw new InvalidEmbedError(`"${path}" is not a relation path (invalid name "${invalid}")`);
  if (names.length > embedLimits.maxDepth) {
    throw new InvalidEmbedError(`"${path}" nests deeper than ${embedLimits.maxDepth} relations`);
  }
  return names;
}

function addPath(tree: Record<string, EmbedTree>, names: readonly string[]): void {
  let node = tree;
  for (const name of names) {
    // Own properties only: a relation named `constructor` must not find Object.prototype's.
    if (!Object.hasOwn(node, name)) node[name] = {};
    node = node[name] as Record<string, EmbedTree>;
  }
}

/**
 * Parses `embed`: comma-separated relation paths, names joined by `.`; blanks around names and
 * empty entries are ignored. Throws `InvalidEmbedError` on an invalid name or past `embedLimits`.
 */
export function parseEmbed(embed: string | undefined): EmbedTree {
  const tree: Record<string, EmbedTree> = {};
  const paths = (embed ?? '')
    .split(',')
    .map((path) => path.trim())
    .filter((path) => path !== '');
  if (paths.length > embedLimits.maxPaths) {
    throw new InvalidEmbedError(`at most ${embedLimits.maxPaths} relations may be embedded`);
  }
  for (const path of paths) addPath(tree, relationPath(path));
  return tree;
}

function refsIn(value: unknown): ResourceRef[] {
  if (Array.isArray(value)) return value.filter(isRef);
  return isRef(value) ? [value] : [];
}

/**
 * The `{type, EID}` references held by the fields named by `relations` (a single reference or an
 * array of them), grouped by type, so the gateway fetches each type in ONE batch from its owner.
 */
export function embedRefs(
  resources: readonly PlainResource[],
  relations: readonly string[],
): Map<string, Set<string>> {
  const byType = new Map<string, Set<string>>();
  for (const resource of resources) {
    for (const relation of relations) {
      if (!Object.hasOwn(resource, relation)) continue;
      for (const ref of refsIn(resource[relation])) {
        const eids = byType.get(ref.type) ?? new Set<string>();
        eids.add(ref.EID);
        byType.set(ref.type, eids);
      }
    }
  }
  return byType;
}

/** Fetched resources by type, then EID (what the batch requests for `embedRefs` returned). */
export type FetchedResources = ReadonlyMap<string, ReadonlyMap<string, PlainResource>>;

/**
 * The value to embed for `relation` of `resource`: the fetched resource for a single reference,
 * the fetched resources (in reference order, unknown ones left out) for an array, `undefined` when
 * there is nothing to embed.
 */
export function embeddedValueFor(
  resource: PlainResource,
  relation: string,
  fetched: FetchedResources,
): PlainResource | PlainResource[] | undefined {
  if (!Object.hasOwn(resource, relation)) return undefined;
  const value = resource[relation];
  const find = (ref: ResourceRef) => fetched.get(ref.type)?.get(ref.EID);
  if (Array.isArray(value)) {
    return refsIn(value)
      .map(find)
      .filter((found): found is PlainResource => found !== undefined);
  }
  return isRef(value) ? find(value) : undefined;
}

/** A copy of `resource` with `_embedded[rel] = value` (other embedded relations kept). */
export function attachEmbedded(
  resource: Record<string, unknown>,
  rel: string,
  value: unknown,
): Record<string, unknown> {
  const embedded = isObject(resource._embedded) ? resource._embedded : {};
  return { ...resource, _embedded: { ...embedded, [rel]: value } };
}

/** RFC 9110 §15.3.2: a 201 names the created resource in `Location` (its absolute `self` href). */
export function createdLocation(body: Record<string, unknown>): string | undefined {
  const self = (body._links as { self?: { href?: unknown } } | undefined)?.self;
  return typeof self?.href === 'string' && /^https?:\/\//.test(self.href) ? self.href : undefined;
}
