/**
 * whoami's `_user.numNonActionRequiredAlertsCoalesced` and `numActionRequiredAlerts`: owned by the
 * notifications service, asked over NATS in one batch for all the caller's networks
 * (`rpc.notifications.alertCounters.batch`). Notifications unavailable: the zeros stay, so whoami
 * does not fail for a counter (docs/decisions.md, "Notifications: alerts").
 */
import {
  internalSubjects,
  type AlertCountersReply,
  type AlertCountersRequest,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';

interface WhoamiNetwork {
  readonly EID: string;
  readonly _user: { profile: { EID: string }; [counter: string]: unknown };
}

export async function withAlertCounters(
  rpc: RpcClient,
  ctx: RequestContext,
  whoami: PlainResource,
): Promise<PlainResource> {
  const networks = (whoami.networks ?? []) as WhoamiNetwork[];
  if (networks.length === 0) return whoami;
  const body: AlertCountersRequest = {
    profiles: networks.map((n) => ({ networkEID: n.EID, profileEID: n._user.profile.EID })),
  };
  let reply: AlertCountersReply;
  try {
    reply = await rpc.request(internalSubjects.alertCounters, { ctx, body }, { timeoutMs: 1_000 });
  } catch {
    return whoami;
  }
  const byNetwork = new Map(reply.items.map((item) => [item.networkEID, item]));
  for (const network of networks) {
    const counters = byNetwork.get(network.EID);
    if (!counters || counters.profileEID !== network._user.profile.EID) continue;
    network._user.numNonActionRequiredAlertsCoalesced = counters.numNonActionRequiredAlertsCoalesced;
    network._user.numActionRequiredAlerts = counters.numActionRequiredAlerts;
  }
  return whoami;
}
