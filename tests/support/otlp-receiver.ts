/**
 * A tiny OTLP/HTTP trace receiver for tests: it accepts what `@opentelemetry/exporter-trace-otlp-http`
 * sends (`POST /v1/traces`, `application/json`, optionally gzip) and keeps the spans in memory,
 * flattened, so a test can assert on one trace across processes. Put `url` in
 * `OTEL_EXPORTER_OTLP_ENDPOINT`. `GET /spans` answers the spans so far, for tests in other processes.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';

export type ReceivedSpanKind = 'unspecified' | 'internal' | 'server' | 'client' | 'producer' | 'consumer';

export interface ReceivedSpan {
  readonly traceId: string;
  readonly spanId: string;
  /** Absent on a root span. */
  readonly parentSpanId: string | undefined;
  readonly name: string;
  readonly kind: ReceivedSpanKind;
  /** `service.name` of the resource that sent the span. */
  readonly serviceName: string | undefined;
  readonly scopeName: string | undefined;
  readonly status: 'unset' | 'ok' | 'error';
  readonly attributes: Readonly<Record<string, unknown>>;
}

export interface OtlpReceiver {
  /** Base URL, e.g. `http://127.0.0.1:40123`; the exporter appends `/v1/traces`. */
  readonly url: string;
  /** Every span received so far, in arrival order. */
  spans(): ReceivedSpan[];
  /** Resolves with all spans once `predicate` holds for them; rejects after `timeoutMs` (10 s). */
  waitFor(predicate: (spans: ReceivedSpan[]) => boolean, timeoutMs?: number): Promise<ReceivedSpan[]>;
  close(): Promise<void>;
}

// OTLP/JSON, the subset read here (opentelemetry-proto, `trace/v1/trace.proto`).
interface AnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  bytesValue?: string;
  arrayValue?: { values?: AnyValue[] };
  kvlistValue?: { values?: KeyValue[] };
}
interface KeyValue {
  key: string;
  value?: AnyValue;
}
interface OtlpSpan {
  traceId?: string;
  spanId?: string;
  parentSpanId?: string;
  name?: string;
  kind?: number | string;
  attributes?: KeyValue[];
  status?: { code?: number | string };
}
interface ExportTraceServiceRequest {
  resourceSpans?: {
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: { scope?: { name?: string }; spans?: OtlpSpan[] }[];
  }[];
}

const spanKinds: readonly ReceivedSpanKind[] = [
  'unspecified',
  'internal',
  'server',
  'client',
  'producer',
  'consumer',
];
const statusCodes = ['unset', 'ok', 'error'] as const;

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: ReceivedSpan[] = [];
  const listeners = new Set<() => void>();

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = (status: number, body: object) => {
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      const path = request.url?.split('?')[0];
      // Tests run in other processes than the global setup that owns the receiver: they read here.
      if (request.method === 'GET' && path === '/spans') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
        return;
      }
      if (request.method !== 'POST' || path !== '/v1/traces') return reply(404, { message: 'not found' });
      if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
        return reply(415, { message: 'only OTLP/JSON is accepted' });
      }
      try {
        const body = decodeBody(Buffer.concat(chunks), request.headers['content-encoding']);
        received.push(...flatten(JSON.parse(body.toString('utf8')) as ExportTraceServiceRequest));
      } catch (error) {
        return reply(400, { message: error instanceof Error ? error.message : String(error) });
      }
      reply(200, {});
      for (const listener of listeners) listener();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => [...received],
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate([...received])) return;
          finish();
          resolve([...received]);
        };
        const timer = setTimeout(() => {
          finish();
          const names = received.map((span) => `${span.serviceName ?? '?'}:${span.name}`).join(', ');
          reject(
            new Error(`OTLP receiver: condition not met in ${timeoutMs} ms; spans received: [${names}]`),
          );
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

function decodeBody(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  return body;
}

function flatten(request: ExportTraceServiceRequest): ReceivedSpan[] {
  return (request.resourceSpans ?? []).flatMap((resourceSpans) => {
    const resource = attributesOf(resourceSpans.resource?.attributes);
    const serviceName = typeof resource['service.name'] === 'string' ? resource['service.name'] : undefined;
    return (resourceSpans.scopeSpans ?? []).flatMap((scopeSpans) =>
      (scopeSpans.spans ?? []).map((span): ReceivedSpan => {
        const parentSpanId = hexId(span.parentSpanId);
        return {
          traceId: hexId(span.traceId) ?? '',
          spanId: hexId(span.spanId) ?? '',
          parentSpanId,
          name: span.name ?? '',
          kind: spanKinds[Number(span.kind ?? 0)] ?? 'unspecified',
          serviceName,
          scopeName: scopeSpans.scope?.name,
          status: statusCodes[Number(span.status?.code ?? 0)] ?? 'unset',
          attributes: attributesOf(span.attributes),
        };
      }),
    );
  });
}

/**
 * OTLP/JSON writes ids as hex strings; protobuf-JSON mappers that follow the generic rules write
 * bytes as base64 instead. Both come out as lower-case hex; an empty id is absent.
 */
function hexId(id: string | undefined): string | undefined {
  if (id === undefined || id === '') return undefined;
  if (/^[0-9a-fA-F]+$/.test(id) && (id.length === 16 || id.length === 32)) return id.toLowerCase();
  return Buffer.from(id, 'base64').toString('hex');
}

function attributesOf(keyValues: KeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((keyValues ?? []).map(({ key, value }) => [key, valueOf(value)]));
}

function valueOf(value: AnyValue | undefined): unknown {
  if (value === undefined) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.bytesValue !== undefined) return value.bytesValue;
  if (value.arrayValue !== undefined) return (value.arrayValue.values ?? []).map(valueOf);
  if (value.kvlistValue !== undefined) return attributesOf(value.kvlistValue.values);
  return undefined;
}
