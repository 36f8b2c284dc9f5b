/**
 * The network's active members for `numImpreciseActiveMembersCount` (no whole count
 * of a large match on every request). Up to PRECISE_UP_TO members the count is exact and current
 * (an index count that stops there); a larger network's count is imprecise by definition (two
 * significant digits), so its full count is taken at most once a minute per instance and reused.
 */
import { ExpiringMap } from '@ncs/service-kit';
import type { DirectoryStore } from './dependencies.js';

export const PRECISE_UP_TO = 1_000;
const LARGE_COUNT_TTL_MS = 60_000;
const MAX_CACHED_NETWORKS = 10_000;

const largeCounts = new ExpiringMap<number>(MAX_CACHED_NETWORKS);

export async function activeMembersCount(
  models: DirectoryStore,
  networkEID: string,
  now: () => number = Date.now,
): Promise<number> {
  const filter = { networkEID, userState: 'active' as const };
  const bounded = await models.Profile.countDocuments(filter, { limit: PRECISE_UP_TO + 1 });
  if (bounded <= PRECISE_UP_TO) {
    largeCounts.delete(networkEID);
    return bounded;
  }
  const cached = largeCounts.get(networkEID, now());
  if (cached !== undefined) return Math.max(cached, bounded);
  const count = await models.Profile.countDocuments(filter);
  largeCounts.set(networkEID, count, now() + LARGE_COUNT_TTL_MS);
  return count;
}
