/**
 * Pagination (spec: Conventions, Limits; ARCHITECTURE §8): `limit` and `offset`, `offset[resource]`
 * for sub-resources, a bounded page size that the app permission `infinite_limit` lifts.
 *
 * Query strings arrive as strings. The schemas declare the real types (integers) and rely on the
 * validator coercing them: compile query schemas with ajv `coerceTypes: 'array'` and
 * `useDefaults: true` (Fastify's defaults for querystrings, see `queryValidationOptions`), so
 * `?limit=20` validates as the integer 20 and an absent `limit` becomes the default. Without
 * coercion every query value would fail `type: integer`.
 */
import { Type, type Static, type TInteger, type TOptional } from '@sinclair/typebox';

export const paginationDefaults = { limit: 20, maxLimit: 100 } as const;

/**
 * Schema bounds of the query numbers: beyond them a request is a 400 naming the parameter (not a
 * silent clamp). `limit` is bounded even for `infinite_limit` apps.
 */
export const queryNumberBounds = { limit: 10_000, offset: 1_000_000_000 } as const;

export const INFINITE_LIMIT_PERMISSION = 'infinite_limit';

/** The ajv options query schemas are written for. */
export const queryValidationOptions = { coerceTypes: 'array', useDefaults: true } as const;

/**
 * `limit`'s schema maximum is the hard bound (`queryNumberBounds`); the page bound depends on the
 * caller (`infinite_limit`), which a per-route compiled schema cannot know. A `limit` above it is
 * clamped by `effectivePageLimit`, and the collection's `limit` tells the client the size it got.
 */
export const PageLimit = Type.Integer({
  minimum: 1,
  maximum: queryNumberBounds.limit,
  default: paginationDefaults.limit,
  description: `Page size, default ${paginationDefaults.limit}; values above ${paginationDefaults.maxLimit} are clamped to ${paginationDefaults.maxLimit} unless the app has the permission \`${INFINITE_LIMIT_PERMISSION}\`.`,
});

export const PageOffset = Type.Integer({
  minimum: 0,
  maximum: queryNumberBounds.offset,
  default: 0,
  description: 'Number of items to skip, default 0.',
});

export const PaginationQuery = Type.Object({
  limit: Type.Optional(PageLimit),
  offset: Type.Optional(PageOffset),
});
export type PaginationQueryInput = Static<typeof PaginationQuery>;

/**
 * Query fields `limit[<rel>]` and `offset[<rel>]` for a sub-resource, e.g. `journeys.recipients`,
 * to spread into a route's query schema. `offset` is not carried over to sub-resources (from
 * 2024.3.0); `limit` is, unless `limit[<rel>]` is given.
 */
export function subResourcePagination(rel: string): Record<string, TOptional<TInteger>> {
  return {
    [`limit[${rel}]`]: Type.Optional(
      Type.Integer({ minimum: 1, maximum: queryNumberBounds.limit, description: `Page size of \`${rel}\`.` }),
    ),
    [`offset[${rel}]`]: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: queryNumberBounds.offset,
        description: `Offset in \`${rel}\`, default 0.`,
      }),
    ),
  };
}

/** The page size actually served for a requested `limit`. */
export function effectivePageLimit(requested: number | undefined, permissions: readonly string[]): number {
  const limit = requested ?? paginationDefaults.limit;
  return permissions.includes(INFINITE_LIMIT_PERMISSION)
    ? limit
    : Math.min(limit, paginationDefaults.maxLimit);
}

/** `offset[recipients]` pages with `limit[recipients]`; plain `offset` with `limit`. */
function limitParamFor(offsetParam: string): string {
  return offsetParam.startsWith('offset[') ? `limit${offsetParam.slice('offset'.length)}` : 'limit';
}

/** A link to a page must never echo the caller's `?access_token=` back into a response body. */
export function withoutCredentials(url: URL): URL {
  const copy = new URL(url);
  copy.searchParams.delete('access_token');
  return copy;
}

function pageHref(requestUrl: URL, offsetParam: string, limit: number, offset: number): string {
  const url = withoutCredentials(requestUrl);
  url.searchParams.set(offsetParam, String(offset));
  // Tasks: `offset[self]` is the collection's own offset, which a link states as `offset`.
  if (offsetParam === 'offset') url.searchParams.delete('offset[self]');
  const limitParam = limitParamFor(offsetParam);
  // Keep an explicit limit explicit, with the value actually served (it may have been clamped).
  if (url.searchParams.has(limitParam)) url.searchParams.set(limitParam, String(limit));
  return url.href;
}

/** The offset of the last page that has items (0 for an empty collection). */
function lastPageOffset(total: number, limit: number): number {
  return total > 0 ? Math.floor((total - 1) / limit) * limit : 0;
}

/**
 * Absolute `next`/`prev` hrefs for a page, built from the request URL (other query parameters kept,
 * `access_token` dropped). `prev` of an offset past the end points at the last page.
 */
export function pageLinks(
  requestUrl: URL,
  total: number,
  limit: number,
  offset: number,
  offsetParam = 'offset',
): { next?: string; prev?: string } {
  const links: { next?: string; prev?: string } = {};
  if (limit < 1) return links;
  if (offset + limit < total) links.next = pageHref(requestUrl, offsetParam, limit, offset + limit);
  if (offset > 0) {
    const prevOffset = Math.max(0, Math.min(offset - limit, lastPageOffset(total, limit)));
    links.prev = pageHref(requestUrl, offsetParam, limit, prevOffset);
  }
  return links;
}
