/**
 * The version gates (ARCHITECTURE §5), applied here and nowhere else in the gateway: the versions a
 * route exists in, the body schema of a version, the field gates of every HAL resource, and the
 * routes a gate embeds into an older version's reply. Negotiation (`request-path/negotiate.ts`)
 * decides the version; the gates themselves are data in contracts.
 */
import {
  applyOwnFieldGates,
  describeVersionRange,
  DomainError,
  embedRoutesFor,
  findRoute,
  inVersionRange,
  isGateOpen,
  replacedWhitelistName,
  type PlainResource,
  type RequestContext,
  type RouteDefinition,
  type VersionRange,
} from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';

/** A route that exists only in some versions (`route.versions`) is a 404 for the others. */
export function assertRouteInVersion(
  route: Pick<RouteDefinition, 'method' | 'path' | 'versions'>,
  version: string,
) {
  if (inVersionRange(version, route.versions)) return;
  throw new DomainError(
    'ROUTE_NOT_FOUND',
    `${route.method} ${route.path} exists in API versions ${describeVersionRange(route.versions)}, not in ${version}.`,
  );
}

/**
 * Whitelisting (`fields`): from 2025.1.0 a sub-property of a deprecated whitelisting property is
 * refused, naming the parent to whitelist instead (`recipients.networkEID`: none); before, the
 * schema-valid list stands (such a name means its parent, which is returned anyway).
 */
export function assertWhitelistInVersion(
  route: Pick<RouteDefinition, 'query'>,
  query: Record<string, unknown>,
  version: string,
) {
  // A route without the list ignores a `fields` it does not declare, like any unknown parameter.
  if (!route.query?.properties.fields || !isGateOpen('whitelist.deprecatedPropertiesReplaced', version))
    return;
  const refused = replacedWhitelistName(query.fields);
  if (refused) throw new DomainError('WHITELIST_PROPERTY_REPLACED', refused.message, [refused]);
}

/** The variant (e.g. of a versioned body schema) whose range holds `version`. */
export function variantFor<T extends { readonly range: VersionRange }>(
  variants: readonly T[],
  version: string,
): T | undefined {
  return variants.find((variant) => inVersionRange(version, variant.range));
}

/** A copy of the resource with the field gates of its own type at `version` applied. */
export function gateFields(resource: Record<string, unknown>, version: string): Record<string, unknown> {
  return applyOwnFieldGates(resource, version);
}

/**
 * What gates embed into a `resourceType` reply at `ctx.version` (e.g. the aggregate's network
 * before 1.0.18): each embedded route asked in turn, with the request's network as its path.
 */
export async function fetchGatedEmbeds(
  resourceType: string,
  ctx: RequestContext,
  rpc: RpcClient,
): Promise<{ readonly rel: string; readonly resource: PlainResource }[]> {
  const embeds: { rel: string; resource: PlainResource }[] = [];
  for (const { rel, routeId } of embedRoutesFor(resourceType, ctx.version)) {
    const resource = await rpc.request<PlainResource>(findRoute(routeId).subject, {
      ctx,
      params: ctx.networkEID ? { networkEID: ctx.networkEID } : {},
    });
    embeds.push({ rel, resource });
  }
  return embeds;
}
