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
