/** The NATS connection of a process: reconnects forever, logs its state changes. */
import { connect, Events, type NatsConnection } from 'nats';
import type { Logger } from './logger.js';

export async function connectNats(options: {
  url: string;
  name: string;
  logger: Logger;
}): Promise<NatsConnection> {
  const nc = await connect({
    servers: options.url.split(','),
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect: true,
    timeout: 10_000,
    // Issue #14 §2: no stack captured for every request (nats.js makes an Error per request to
    // enrich a timeout's stack); a timeout still names its subject (rpc-client.ts).
    noAsyncTraces: true,
  });
  void (async () => {
    for await (const status of nc.status()) {
      if (
        status.type === Events.Disconnect ||
        status.type === Events.Reconnect ||
        status.type === Events.Error
      ) {
        options.logger.info({ nats: status.type, data: status.data }, 'nats status');
      }
    }
  })();
  return nc;
}

/**
 * Drains the connection (finish in-flight messages, then close), but never waits longer than
 * `timeoutMs`: with the server unreachable a drain would wait for a reconnect that may not come.
 */
export async function drainOrClose(nc: NatsConnection, timeoutMs = 2_000): Promise<void> {
  if (nc.isClosed()) return;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const outcome = await Promise.race([nc.drain().then(() => 'drained' as const), timedOut]);
    if (outcome === 'timeout' && !nc.isClosed()) await nc.close();
  } catch {
    if (!nc.isClosed()) await nc.close();
  } finally {
    clearTimeout(timer);
  }
}
