/**
 * Notifications: app webhooks. A fake webhook receiver started by a test: a local HTTP
 * server on 127.0.0.1 that keeps every request (headers, raw body, arrival time) per path and
 * answers each path's planned statuses in order, then 200 (or `always`).
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly status: number;
  /** Milliseconds since the epoch. */
  readonly at: number;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port><path>`. */
  urlOf(path: string): string;
  /** The statuses the next requests to `path` get, in order (then 200, or `always`). */
  plan(path: string, statuses: readonly number[], always?: number): void;
  received(path: string): ReceivedHook[];
  /** Waits until `path` received at least `count` requests (15 s at most), and returns them. */
  waitFor(path: string, count: number, timeoutMs?: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const plans = new Map<string, { statuses: number[]; always: number }>();
  const log: ReceivedHook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      const plan = plans.get(path);
      const status = plan?.statuses.shift() ?? plan?.always ?? 200;
      log.push({
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        status,
        at: Date.now(),
      });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'no');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const received = (path: string) => log.filter((r) => r.path === path);
  return {
    urlOf: (path) => `http://127.0.0.1:${port}${path}`,
    plan: (path, statuses, always = 200) => plans.set(path, { statuses: [...statuses], always }),
    received,
    async waitFor(path, count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received(path).length < count && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return received(path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
