/**
 * Network features: the closed list of contracts, each on or off in the
 * network (stored as the network's `features`, which the other rules read). Members and apps with
 * `edit_network_features` read them; network administrators and those apps turn some on or off in
 * one request, one change of a network at a time (network-claim.ts: under the claim the list is read
 * and written whole, which FerretDB's read-then-write updates could otherwise lose).
 */
import { DomainError, type PlainResource, type RequestContext } from '@ncs/contracts';
import type { EventSink } from '../core/dependencies.js';
import { actorOf, findAdminOrAppCaller, findMemberOrAppCaller } from '../core/callers.js';
import type { NetworkDoc } from '../core/models.js';
import type { NetworkAdminStore } from './dependencies.js';
import { underNetworkClaim } from './network-claim.js';
import { featureList, withFeatureChanges } from './rules.js';

export const EDIT_NETWORK_FEATURES = 'edit_network_features';

const presentFeatures = (network: NetworkDoc): PlainResource => ({
  type: 'network_features',
  EID: String(network._id),
  features: featureList(network.features ?? []),
});

export async function getNetworkFeatures(models: NetworkAdminStore, ctx: RequestContext) {
  const caller = await findMemberOrAppCaller(models, ctx, EDIT_NETWORK_FEATURES);
  return presentFeatures(caller.network);
}

export async function setNetworkFeatures(
  models: NetworkAdminStore,
  events: EventSink,
  ctx: RequestContext,
  changes: Readonly<Record<string, boolean | undefined>>,
) {
  const caller = await findAdminOrAppCaller(models, ctx, EDIT_NETWORK_FEATURES);
  const networkEID = String(caller.network._id);
  const { before, updated } = await underNetworkClaim(models, networkEID, async () => {
    const before = await models.Network.findById(networkEID, { features: 1 }).lean<NetworkDoc>();
    if (!before) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
    const updated = await models.Network.findOneAndUpdate(
      { _id: networkEID },
      { $set: { features: withFeatureChanges(before.features ?? [], changes) } },
      { returnDocument: 'after' },
    ).lean<NetworkDoc>();
    return { before, updated };
  });
  if (!updated) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  if ((before.features ?? []).join() !== (updated.features ?? []).join()) {
    await events.record('auth.network.updated', {
      networkEID,
      actor: actorOf(caller),
      audience: { kind: 'network' },
      data: { network: { type: 'network', EID: networkEID }, changes: { features: updated.features } },
    });
  }
  return presentFeatures(updated);
}
