/**
 * HAL resources (spec: Conventions; ARCHITECTURE §8): services return plain resources, the gateway
 * adds `_links` from the contracts' link relations (absolute hrefs), applies the field gates of the
 * negotiated version and turns resources under `_embedded` into HAL too. Pure: no I/O here
 * (`embed.ts` fetches what `embed=` asks for).
 */
import {
  createPathOf,
  pageLinks,
  relatedPathsOf,
  resolveLinks,
  withoutCredentials,
  type PlainCollection,
  type PlainResource,
} from '@ncs/contracts';
import { gateFields } from '../version-gates.js';

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

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isResource(value: unknown): value is PlainResource {
  return isObject(value) && typeof value.type === 'string';
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
  // The properties are copied once, here (each copy of a resource was garbage of
  // every reply); `_links` and `_embedded` follow them.
  // `_actions` (what the caller may do now) only decides which action links are shown; it is never
  // part of the representation.
  const {
    _links: sentLinks,
    _embedded: embedded,
    _actions: _shownAsLinks,
    ...hal
  } = gateFields(resource, ctx.version);
  // Links from the latest representation: a gate may rename the type (`renameType`).
  const contractLinks = resolveLinks(resource, ctx, ctx.baseUrl);
  hal._links = isObject(sentLinks) ? { ...sentLinks, ...contractLinks } : contractLinks;
  if (isObject(embedded)) hal._embedded = halEmbedded(embedded, ctx);
  return hal;
}

export interface CollectionOptions {
  /** The offset parameter of this collection, e.g. `offset[recipients]`; default `offset`. */
  readonly offsetParam?: string;
}

/**
 * A page of a collection: `{ type: 'collection', total, limit, offset, _links: { self, next?, prev?,
 * create?, related… }, _embedded: { [rel]: items } }`; `create` (where a POST of a new item goes) when the
 * collection takes new items (contracts `createPathOf`), whatever the caller may post (the POST
 * answers 403 to whoever may not). `requestUrl` must be built from the configured base URL and the
 * request path, never from the `Host` header; `access_token` is dropped from every link.
 */
export function toHalCollection(
  page: PlainCollection,
  ctx: HalContext,
  requestUrl: URL,
  options: CollectionOptions = {},
): Record<string, unknown> {
  const { next, prev } = pageLinks(requestUrl, page.total, page.limit, page.offset, options.offsetParam);
  const create = createPathOf(requestUrl.pathname);
  // Related collections (a timeline's `pinned`), whatever the page.
  const related = Object.fromEntries(
    relatedPathsOf(requestUrl.pathname).map(({ rel, path }) => [rel, { href: `${ctx.baseUrl}${path}` }]),
  );
  return {
    type: 'collection',
    total: page.total,
    limit: page.limit,
    offset: page.offset,
    _links: {
      self: { href: withoutCredentials(requestUrl).href },
      ...(next !== undefined ? { next: { href: next } } : {}),
      ...(prev !== undefined ? { prev: { href: prev } } : {}),
      ...(create !== undefined ? { create: { href: `${ctx.baseUrl}${create}` } } : {}),
      ...related,
    },
    _embedded: { [page.rel]: page.items.map((item) => toHal(item, ctx)) },
  };
}

/** RFC 9110 §15.3.2: a 201 names the created resource in `Location` (its absolute `self` href). */
export function createdLocation(body: Record<string, unknown>): string | undefined {
  const self = (body._links as { self?: { href?: unknown } } | undefined)?.self;
  return typeof self?.href === 'string' && /^https?:\/\//.test(self.href) ? self.href : undefined;
}
