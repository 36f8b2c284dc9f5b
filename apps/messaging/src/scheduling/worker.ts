/**
 * The messaging service's background work, polled every `SCHEDULER_INTERVAL_MS` in every instance:
 * pending news jobs (duplications, addressee exports) and due scheduled items. Each item is claimed with a lease, so two instances never run
 * the same one and a restart picks up what was left.
 */
import type { Logger, Outbox, RpcClient } from '@ncs/service-kit';
import { runPendingJobs } from '../news/duplication.js';
import { poller, type Poller } from '../messages/lease.js';
import { publishDueItems } from './scheduled-items.js';
import type { NewsStore } from '../news/jobs-model.js';

export function backgroundWork(
  models: NewsStore,
  outbox: Outbox,
  rpc: RpcClient,
  logger: Logger,
  intervalMs: number,
): Poller {
  return poller(
    'messaging-background',
    intervalMs,
    async () => {
      await runPendingJobs(models, outbox, rpc);
      await publishDueItems(models, outbox);
    },
    logger,
  );
}
