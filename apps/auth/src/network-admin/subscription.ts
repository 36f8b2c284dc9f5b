/**
 * The network subscription: a plan of the ordered list of contracts.
 * `upgrade` goes to a higher plan, `downgrade` to a lower one; each reads the current plan and
 * writes the new one under the network's claim (network-claim.ts), so two changes at once never
 * both pass from the same plan. Administrators, or apps with
 * `edit_network_subscription`; members read the plan (the network resource shows it too).
 */
import {
  DomainError,
  subscriptionPlans,
  toTimestamp,
  type RequestContext,
  type SubscriptionPlan,
} from '@ncs/contracts';
import type { EventSink } from '../core/dependencies.js';
import { actorOf, findAdminOrAppCaller, findMemberOrAppCaller } from '../core/callers.js';
import type { NetworkDoc } from '../core/models.js';
import type { NetworkAdminStore } from './dependencies.js';
import { underNetworkClaim } from './network-claim.js';
import { plansAbove, plansBelow } from './rules.js';

export const EDIT_NETWORK_SUBSCRIPTION = 'edit_network_subscription';

const planOf = (network: NetworkDoc): SubscriptionPlan => {
  const stored = network.subscription?.type;
  return (subscriptionPlans as readonly string[]).includes(stored ?? '')
    ? (stored as SubscriptionPlan)
    : 'free';
};

const presentSubscription = (network: NetworkDoc) => ({
  type: 'network_subscription',
  EID: String(network._id),
  plan: planOf(network),
  since: toTimestamp(network.subscription?.since ?? network.created),
  plans: [...subscriptionPlans],
});

export async function getSubscription(models: NetworkAdminStore, ctx: RequestContext) {
  const caller = await findMemberOrAppCaller(models, ctx, EDIT_NETWORK_SUBSCRIPTION);
  return presentSubscription(caller.network);
}

export async function changeSubscription(
  models: NetworkAdminStore,
  events: EventSink,
  ctx: RequestContext,
  direction: 'upgrade' | 'downgrade',
  plan: SubscriptionPlan,
) {
  const caller = await findAdminOrAppCaller(models, ctx, EDIT_NETWORK_SUBSCRIPTION);
  const networkEID = String(caller.network._id);
  const from = direction === 'upgrade' ? plansBelow(plan) : plansAbove(plan);
  const updated = await underNetworkClaim(models, networkEID, async () => {
    const current = await models.Network.findById(networkEID).lean<NetworkDoc>();
    if (!current) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
    if (!from.includes(planOf(current))) {
      const name =
        direction === 'upgrade' ? 'SUBSCRIPTION_ERR_NOT_AN_UPGRADE' : 'SUBSCRIPTION_ERR_NOT_A_DOWNGRADE';
      const relation = direction === 'upgrade' ? 'above' : 'below';
      throw new DomainError(name, undefined, [
        {
          pointer: '/body/plan',
          message: `the network is on '${planOf(current)}'; '${plan}' is not ${relation} it`,
        },
      ]);
    }
    return models.Network.findOneAndUpdate(
      { _id: networkEID },
      { $set: { 'subscription.type': plan, 'subscription.since': new Date() } },
      { returnDocument: 'after' },
    ).lean<NetworkDoc>();
  });
  if (!updated) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  const presented = presentSubscription(updated);
  await events.record('auth.network.updated', {
    networkEID,
    actor: actorOf(caller),
    audience: { kind: 'network' },
    data: {
      network: { type: 'network', EID: networkEID },
      changes: { subscription: { type: presented.plan, since: presented.since } },
    },
  });
  return presented;
}
