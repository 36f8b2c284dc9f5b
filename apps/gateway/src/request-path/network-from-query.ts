/**
 * The spec's network-less paths (`/my-devices/`, `/alerts/markread`, …; route field
 * `networklessOf`, contracts core/network-less.ts): the network is the one the `network` query
 * parameter names (an EID, or the subdomain of one of the caller's networks), else the token's one
 * network (a code-flow token acts in one), else the request is 400 naming `/query/network`. The
 * request is then scoped as if the path named that network: not a member is 404, as everywhere.
 * A query naming another network than a code-flow token's is 404 too (the token is not a member
 * there), rather than silently answering for the token's network.
 */
import {
  DomainError,
  internalSubjects,
  type RequestContext,
  type RouteDefinition,
  type TokenPrincipal,
} from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import type { RouteInput } from './input.js';

const EID = /^[0-9a-f]{24}$/i;

/** The network of a network-less route; `undefined` for other routes. */
export async function networkOfQuery(
  rpc: RpcClient,
  route: RouteDefinition,
  input: RouteInput,
  token: TokenPrincipal,
  ctx: RequestContext,
): Promise<string | undefined> {
  if (route.networklessOf === undefined || route.networkQuery === undefined) return undefined;
  const named = input.query[route.networkQuery];
  if (typeof named === 'string') return EID.test(named) ? named : networkBySubdomain(rpc, named, token, ctx);
  if (token.networkEID !== undefined) return token.networkEID;
  throw new DomainError('NETWORK_NOT_NAMED', undefined, [
    {
      pointer: `/query/${route.networkQuery}`,
      message: 'is required: the network by EID or subdomain (the token acts in more than one network)',
    },
  ]);
}

/**
 * The caller's network with that subdomain, asked of auth among the token's memberships only (an
 * app token has no account, so it names its networks by EID); none is 404, as for a network the
 * caller is not in.
 */
async function networkBySubdomain(
  rpc: RpcClient,
  subdomain: string,
  token: TokenPrincipal,
  base: RequestContext,
): Promise<string> {
  const notFound = new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  if (!token.accountId) throw notFound;
  const ctx: RequestContext = Object.assign({}, base, {
    principal: {
      accountId: token.accountId,
      appEID: token.clientId,
      external: false,
      roles: [],
      permissions: [],
    },
  });
  const EIDs = token.memberships.map((membership) => membership.networkEID);
  const networks = await rpc.request(internalSubjects.networksBatch, { ctx, body: { EIDs } });
  const found = networks.find((network) => network.subdomain?.toLowerCase() === subdomain.toLowerCase());
  if (!found) throw notFound;
  return found.EID;
}
