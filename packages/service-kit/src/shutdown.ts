/**
 * Graceful shutdown on SIGTERM/SIGINT: run the closers in order (stop taking requests, drain NATS,
 * close the database), then exit 0; exit 1 if they do not finish within the timeout.
 */
import type { Logger } from './logger.js';

export type Closer = () => Promise<unknown>;

export function onShutdown(options: { logger: Logger; timeoutMs: number; closers: readonly Closer[] }): void {
  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    options.logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      options.logger.error({ timeoutMs: options.timeoutMs }, 'shutdown timed out');
      process.exit(1);
    }, options.timeoutMs);
    timer.unref();
    void (async () => {
      for (const close of options.closers) {
        try {
          await close();
        } catch (error) {
          options.logger.warn({ err: error }, 'error while shutting down');
        }
      }
      options.logger.info('stopped');
      options.logger.flush?.();
      process.exit(0);
    })();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
