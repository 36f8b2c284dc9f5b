/**
 * Polls. Network-less paths (`/polls/{pollEID}/…`, route field `networkFrom`):
 * the network is that of the path's resource, asked of its owner (one request by primary key).
 * The request is then scoped exactly as if the path named that network: the membership comes from
 * the token (else 404), so HAL links, `embed=`, page limits and the owner's checks all see the
 * network of the resource. The owner still asks auth for the caller's current standing, so a
 * membership removed a moment ago is refused at once (docs/decisions.md, "Messaging: polls").
 */
import { DomainError, isErrorName, type RequestContext, type RouteDefinition } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import type { RouteInput } from './input.js';

/** The one answer for an unknown resource and for a resource of a network the caller is not in. */
export function resourceNotFound(route: RouteDefinition): DomainError {
  const name = route.networkFrom?.notFound;
  return new DomainError(name !== undefined && isErrorName(name) ? name : 'AUTH_ERR_NETWORK_NOT_FOUND');
}

/** The network of the path's resource for a `networkFrom` route; `undefined` for other routes. */
export async function networkOfResource(
  rpc: RpcClient,
  route: RouteDefinition,
  input: RouteInput,
  ctx: RequestContext,
): Promise<string | undefined> {
  const from = route.networkFrom;
  if (!from) return undefined;
  const EID = input.params[from.param];
  const reply = await rpc.request<{ networkEID: string | null }>(from.subject, { ctx, body: { EID } });
  if (!reply.networkEID) throw resourceNotFound(route);
  return reply.networkEID;
}
