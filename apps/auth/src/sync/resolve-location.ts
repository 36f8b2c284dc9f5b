/**
 * `GET /networks/{networkEID}/resolve-location/?q=`: members of the network and apps installed in
 * it resolve a free-text location (locations.ts: a closed table, no external calls).
 */
import type { PlainResource, RequestContext } from '@ncs/contracts';
import { findInstalledNetwork, isAppCaller } from '../core/app-callers.js';
import { findMemberCaller } from '../core/callers.js';
import type { SyncStore } from './dependencies.js';
import { resolveLocation } from './locations.js';

export async function resolveLocationFor(
  models: SyncStore,
  ctx: RequestContext,
  q: string,
): Promise<PlainResource> {
  if (isAppCaller(ctx)) await findInstalledNetwork(models, ctx);
  else await findMemberCaller(models, ctx);
  return { type: 'resolved_location', query: q, location: resolveLocation(q) };
}
