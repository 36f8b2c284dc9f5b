/**
 * The caller's number of scheduled items for the network's `_user.numScheduledItems`: owned by
 * messaging, asked over NATS (`scheduledItemsCount`: this one count, not every badge counter). Messaging unavailable:
 * 0, so the network resource does not fail for a counter (the badge counters answer null then).
 */
import { internalSubjects, type RequestContext } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';

export async function scheduledItemsOf(rpc: RpcClient, ctx: RequestContext): Promise<number> {
  try {
    const counters = await rpc.request<{ numScheduledItems?: number }>(
      internalSubjects.scheduledItemsCount,
      { ctx },
      // A counter must not hold the network resource up: a stopped messaging fails at once
      // (no responders), a stuck one after this.
      { timeoutMs: 1_000 },
    );
    return counters.numScheduledItems ?? 0;
  } catch {
    return 0;
  }
}
