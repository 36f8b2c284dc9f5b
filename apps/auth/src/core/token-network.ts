/**
 * A code-flow token acts in the one network it was granted for (core: the directory and the apps'
 * checks both apply it): on the account routes
 * that name a resource (postable types of a profile, accepting an invitation), a resource of
 * another network is answered as one that does not exist.
 */
import type { RequestContext } from '@ncs/contracts';

/** Whether the caller's token is bound to a network other than `networkEID`. */
export function outsideTokenNetwork(ctx: RequestContext, networkEID: string): boolean {
  const bound = ctx.principal?.token?.networkEID;
  return bound !== undefined && bound !== networkEID;
}
