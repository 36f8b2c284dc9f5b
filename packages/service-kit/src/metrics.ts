/**
 * Prometheus metrics of a process, served on a port of its own (`METRICS_PORT`), never on the
 * public API port. prom-client rather than OpenTelemetry's metrics SDK and its exporter: one small
 * package with the runtime's own metrics (event-loop lag, heap, GC, handles) built in, where the
 * SDK would add a meter provider, readers and views to every process for the same text output.
 *
 * Names follow OpenTelemetry's semantic conventions in Prometheus form (`http.server.request.duration`
 * → `http_server_request_duration_seconds`), units in the name. Labels are bounded sets only: route
 * templates and subjects, methods, status codes and outcomes; never a path, a person or a token.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** This process's metrics: the runtime's own and those the kit and the app record. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Seconds: from a millisecond of a cache hit to the RPC timeout and beyond. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What became of a request: its status class, or the transport's failure. */
export type Outcome = '2xx' | '3xx' | '4xx' | '5xx' | 'timeout' | 'unavailable';

export function outcomeOf(status: number): Outcome {
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  if (status >= 300) return '3xx';
  return '2xx';
}

/** A service handling one NATS request (`rpc.server.duration`; the subject is `rpc.method`). */
export const rpcServerDuration = new Histogram({
  name: 'rpc_server_duration_seconds',
  help: 'Time a service took to answer one NATS request, by subject and outcome.',
  labelNames: ['rpc_system', 'rpc_method', 'outcome'] as const,
  buckets: DURATION_BUCKETS,
  registers: [metricsRegistry],
});

/** One NATS round trip from the caller's side (`rpc.client.duration`). */
export const rpcClientDuration = new Histogram({
  name: 'rpc_client_duration_seconds',
  help: 'Time from sending a NATS request to its answer, by subject and outcome.',
  labelNames: ['rpc_system', 'rpc_method', 'outcome'] as const,
  buckets: DURATION_BUCKETS,
  registers: [metricsRegistry],
});

/** An HTTP request answered by the gateway (`http.server.request.duration`). */
export const httpServerDuration = new Histogram({
  name: 'http_server_request_duration_seconds',
  help: 'Time the gateway took to answer one HTTP request, by method, route template and status.',
  labelNames: ['http_request_method', 'http_route', 'http_response_status_code'] as const,
  buckets: DURATION_BUCKETS,
  registers: [metricsRegistry],
});

/**
 * The live stream (gateway): from a domain event's record in its service to its write on a
 * person's open stream, once per stream it reaches.
 */
export const liveDeliveryDuration = new Histogram({
  name: 'ncs_live_delivery_duration_seconds',
  help: "Time from a domain event's record to its write on a live stream, per stream it reaches.",
  buckets: DURATION_BUCKETS,
  registers: [metricsRegistry],
});

/** Requests refused by a limit (rate limits, bulkheads), by which limit. */
export const refusals = new Counter({
  name: 'ncs_refusals_total',
  help: 'Requests refused by a limit before any work, by the limit that refused them.',
  labelNames: ['limit'] as const,
  registers: [metricsRegistry],
});

/** Labelled values a gauge reads when scraped. */
export type GaugeReadings<L extends string> = Iterable<readonly [Partial<Record<L, string>>, number]>;

/**
 * A gauge of this process's registry, for what an app holds (bulkheads, open streams…), read when
 * scraped: `read` gives each labelled value then, so the hot path keeps no gauge up to date. A read
 * that asks the store or the broker resolves later; it must not reject (a rejection fails the
 * whole scrape), so such reads go through `readingsWithin`.
 */
export function newGauge<L extends string>(options: {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly L[];
  readonly read: () => GaugeReadings<L> | Promise<GaugeReadings<L>>;
}): Gauge<L> {
  const { read, ...rest } = options;
  const fill = (gauge: Gauge<L>, readings: GaugeReadings<L>) => {
    gauge.reset();
    for (const [labels, value] of readings) gauge.set(labels, value);
  };
  return new Gauge({
    ...rest,
    labelNames: [...options.labelNames],
    registers: [metricsRegistry],
    collect() {
      const readings = read();
      if (readings instanceof Promise) return readings.then((values) => fill(this, values));
      fill(this, readings);
    },
  });
}

/** A counter of this process's registry, for what an app counts (sign-in locks, deliveries…). */
export function newCounter<L extends string>(options: {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly L[];
}): Counter<L> {
  return new Counter({ ...options, labelNames: [...options.labelNames], registers: [metricsRegistry] });
}

/**
 * The readings of every source that answered within `timeoutMs`: a source that fails or is late
 * (the store or the broker away) is left out of this scrape rather than holding or failing it.
 */
export async function readingsWithin<L extends string>(
  sources: Iterable<() => Promise<GaugeReadings<L>>>,
  timeoutMs: number,
): Promise<GaugeReadings<L>> {
  const settled = await Promise.all(
    [...sources].map((source) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), timeoutMs);
      });
      const answer = source().catch(() => undefined);
      return Promise.race([answer, late]).finally(() => clearTimeout(timer));
    }),
  );
  return settled.flatMap((readings) => (readings === undefined ? [] : [...readings]));
}

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

/** Serves `GET /metrics` (Prometheus text) on `host:port`; anything else is 404. */
export async function startMetricsServer(options: { port: number; host: string }): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
