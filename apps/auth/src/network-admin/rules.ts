/**
 * Pure rules of the network operations: settings of a bounded set of keys with
 * their defaults, the plan order of the subscription, the feature list as shown.
 */
import {
  networkFeatureDefaults,
  networkFeatureKeys,
  subscriptionPlans,
  type SubscriptionPlan,
} from '@ncs/contracts';

/** Every known key: the stored value when it has the default's type, else the default. */
export function withDefaults<K extends string, V extends string | boolean>(
  defaults: Readonly<Record<K, V>>,
  stored: Partial<Record<string, unknown>> | null,
): Record<K, V> {
  const out = { ...defaults } as Record<K, V>;
  for (const key of Object.keys(defaults) as K[]) {
    const value = stored?.[key];
    if (typeof value === typeof defaults[key]) out[key] = value as V;
  }
  return out;
}

/** The update of a body of known keys: `$set` for values, `$unset` for `null` (back to the default). */
export function knownKeysUpdate(keys: readonly string[], body: Readonly<Record<string, unknown>>) {
  const set: Record<string, unknown> = {};
  const unset: Record<string, ''> = {};
  for (const key of keys) {
    if (body[key] === undefined) continue;
    if (body[key] === null) unset[key] = '';
    else set[key] = body[key];
  }
  return { set, unset };
}

/** The plans below `plan` (an upgrade to `plan` starts from one of them), or above it. */
export function plansBelow(plan: SubscriptionPlan): SubscriptionPlan[] {
  return subscriptionPlans.slice(0, subscriptionPlans.indexOf(plan));
}
export function plansAbove(plan: SubscriptionPlan): SubscriptionPlan[] {
  return subscriptionPlans.slice(subscriptionPlans.indexOf(plan) + 1);
}

/** Every feature of the closed list, in its order, on or off in the network. */
export function featureList(enabled: readonly string[]) {
  const on = new Set(enabled);
  return networkFeatureKeys.map((name) => ({
    name,
    enabled: on.has(name),
    default: networkFeatureDefaults[name],
  }));
}

/** The stored features after turning some on (`true`) or off (`false`): order kept, new ones last. */
export function withFeatureChanges(
  current: readonly string[],
  changes: Readonly<Record<string, boolean | undefined>>,
): string[] {
  const off = new Set(Object.keys(changes).filter((key) => changes[key] === false));
  const kept = current.filter((name, i) => !off.has(name) && current.indexOf(name) === i);
  const added = Object.keys(changes).filter((key) => changes[key] === true && !kept.includes(key));
  return [...kept, ...added];
}
