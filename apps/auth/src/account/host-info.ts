/**
 * What the host of a network serves (the network's `hostInfo` link): its own host name,
 * the API versions it answers and the network's enabled features. Members read it.
 */
import { LATEST_VERSION, OLDEST_VERSION, type RequestContext } from '@ncs/contracts';
import { findMemberCaller } from '../core/callers.js';
import type { AccountStore } from './dependencies.js';

export async function getHostInfo(models: AccountStore, ctx: RequestContext, networkDomain: string) {
  const { network } = await findMemberCaller(models, ctx);
  return {
    type: 'host_info',
    EID: network._id.toString(),
    host: `${network.subdomain}.${networkDomain}`,
    subdomain: network.subdomain,
    networkDomain,
    apiVersions: { oldest: OLDEST_VERSION, latest: LATEST_VERSION },
    features: [...(network.features ?? [])],
  };
}
