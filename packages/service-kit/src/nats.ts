/** The NATS connection of a process: reconnects forever, logs its state changes. */
import { connect, Events, type Msg, type NatsConnection, type Subscription } from 'nats';
import { RequestOne } from 'nats/lib/nats-base-client/request.js';
import type { Logger } from './logger.js';
import { useStringKeyedRequestTable } from './request-tables.js';

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
    // No stack captured for every request (nats.js makes an Error per request to
    // enrich a timeout's stack); a timeout still names its subject (rpc-client.ts).
    noAsyncTraces: true,
  });
  coalesceWrites(nc);
  useStringKeyedRequestTable(nc);
  settleRequestsWithoutCancellation();
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

/** The part of nats.js's protocol handler that {@link coalesceWrites} changes (not in its types). */
interface ProtocolWrites {
  outbound: { size(): number; fill(buf: Uint8Array, ...payloads: Uint8Array[]): void };
  pendingLimit: number;
  flushPending(): void;
  sendCommand(cmd: string | Uint8Array, ...payloads: Uint8Array[]): void;
}

const commandEncoder = new TextEncoder();

/**
 * One socket write for everything a process publishes in one turn of the event loop.
 *
 * nats.js buffers what is published and writes it at the end of the current microtask queue, so
 * each HTTP request or each database reply that ends in a publication pays a system call of its own
 * (a write to the broker was the gateway's largest single cost, about 0.1 ms per request on this
 * machine). Here the buffer is written in the event loop's check phase (`setImmediate`) instead,
 * after every I/O callback of the same poll: the requests read together leave in one write, with
 * no added wait when the process is idle. Past nats.js's own threshold (`pendingLimit`) the buffer
 * is still written at once; `flush()`, PINGs and draining write as before.
 */
export function coalesceWrites(nc: NatsConnection): void {
  const protocol = (nc as unknown as { protocol?: ProtocolWrites }).protocol;
  if (typeof protocol?.sendCommand !== 'function' || typeof protocol.flushPending !== 'function') {
    throw new Error('nats.js changed: its protocol handler has no sendCommand/flushPending');
  }
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    protocol.flushPending();
  };
  protocol.sendCommand = function sendCommand(cmd, ...payloads) {
    const buf = typeof cmd === 'string' ? commandEncoder.encode(cmd) : cmd;
    this.outbound.fill(buf, ...payloads);
    if (this.outbound.size() >= this.pendingLimit) {
      this.flushPending();
    } else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}

const settlesQuietly = Symbol('ncs.settlesQuietly');

/**
 * A request answered settles without a cancellation error being made.
 *
 * nats.js's `RequestOne.resolver` settles the request's promise with the reply (or the error), then
 * calls `cancel()`, which stops the timer, leaves the table of requests awaiting a reply, and rejects
 * the promise with a new `NatsError` "cancelled": an `Error` with its stack captured, on every
 * answered request, for a promise already settled, where the rejection does nothing. That error was
 * 4.6 % of the gateway's CPU under the benchmark's load (bench/README.md). Here the resolver does the
 * same minus that error: the timer stopped, the promise settled, the request out of the table. A
 * request that times out is still cancelled by nats.js's own `cancel()`, and one whose connection
 * closes still fails with the error nats.js gives it.
 *
 * Once per process, for every connection; throws when nats.js no longer has this shape.
 */
export function settleRequestsWithoutCancellation(): void {
  const prototype = RequestOne.prototype as RequestOne & { [settlesQuietly]?: true };
  if (prototype[settlesQuietly]) return;
  if (typeof prototype.resolver !== 'function' || typeof prototype.cancel !== 'function') {
    throw new Error('nats.js changed: its RequestOne has no resolver/cancel');
  }
  prototype.resolver = function resolver(this: RequestOne, error: Error | null, msg: Msg): void {
    this.timer?.cancel();
    if (error) {
      if (this.ctx) error.stack += `\n\n${this.ctx.stack}`;
      this.deferred.reject(error);
    } else {
      this.deferred.resolve(msg);
    }
    this.mux.cancel(this);
  };
  prototype[settlesQuietly] = true;
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

/**
 * Handles each message of `subject` as JSON as it is read: a callback subscription, so a message is
 * handled before any that arrived after it on this connection (a core subscription also receives
 * the JetStream publications on the subject). A message that is not JSON, that `handle` throws on
 * or answers `false` to, is logged as unreadable (`what` names it) and skipped.
 */
export function subscribeJson(
  nc: NatsConnection,
  subject: string,
  logger: Logger,
  what: string,
  handle: (value: unknown) => boolean | void,
): Subscription {
  const decoder = new TextDecoder();
  return nc.subscribe(subject, {
    callback: (error, msg) => {
      if (error) return logger.warn({ err: error }, `${what} subscription failed`);
      let handled: boolean | void = false;
      try {
        handled = handle(JSON.parse(decoder.decode(msg.data)));
      } catch {
        // Reported below.
      }
      if (handled === false) logger.warn({ subject: msg.subject }, `unreadable ${what} ignored`);
    },
  });
}
