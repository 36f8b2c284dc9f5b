/**
 * Telemetry: spans reach an OTLP/HTTP receiver, trace context survives NATS headers, and
 * `startTelemetry` under `node --import` instruments an ESM app (Fastify/http, an ES module's own
 * `node:http` import, mongodb) and logs carry the trace's ids.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isSpanContextValid, ROOT_CONTEXT, SpanKind, trace, TraceFlags } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { headers } from 'nats';
import ts from 'typescript';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';
import { startOtlpReceiver } from '../../../tests/support/otlp-receiver.js';
import type { OtlpReceiver } from '../../../tests/support/otlp-receiver.js';
import { extractTraceContext, injectTraceHeaders } from '../src/telemetry.js';

// What tests/setup/infra.ts provides (declared there too; repeated so this file type-checks alone).
declare module 'vitest' {
  export interface ProvidedContext {
    natsUrl: string;
    mongoUrl: string;
  }
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function receiver(): Promise<OtlpReceiver> {
  const started = await startOtlpReceiver();
  cleanups.push(() => started.close());
  return started;
}

describe('OTLP export', () => {
  it('delivers ended spans to the OTLP/HTTP JSON receiver, ids and parentage intact', async () => {
    const otlp = await receiver();
    const provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': 'telemetry-test' }),
      spanProcessors: [
        new BatchSpanProcessor(new OTLPTraceExporter({ url: `${otlp.url}/v1/traces` }), {
          scheduledDelayMillis: 20,
        }),
      ],
    });
    cleanups.push(() => provider.shutdown());
    const tracer = provider.getTracer('telemetry-test');
    const parent = tracer.startSpan('rpc.kb.category.get', {
      kind: SpanKind.CLIENT,
      attributes: { 'messaging.system': 'nats', attempt: 2, cached: false },
    });
    const child = tracer.startSpan(
      'find categories',
      { kind: SpanKind.INTERNAL },
      trace.setSpan(ROOT_CONTEXT, parent),
    );
    child.end();
    parent.end();

    const spans = await otlp.waitFor((received) => received.length >= 2);
    const parentSpan = spans.find((span) => span.name === 'rpc.kb.category.get');
    const childSpan = spans.find((span) => span.name === 'find categories');
    expect(parentSpan).toMatchObject({
      traceId: parent.spanContext().traceId,
      spanId: parent.spanContext().spanId,
      parentSpanId: undefined,
      kind: 'client',
      serviceName: 'telemetry-test',
      scopeName: 'telemetry-test',
      attributes: { 'messaging.system': 'nats', attempt: 2, cached: false },
    });
    expect(childSpan).toMatchObject({
      traceId: parent.spanContext().traceId,
      spanId: child.spanContext().spanId,
      parentSpanId: parent.spanContext().spanId,
      kind: 'internal',
    });
  });
});

describe('trace context over NATS headers', () => {
  const spanContext = {
    traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
    spanId: '00f067aa0ba902b7',
    traceFlags: TraceFlags.SAMPLED,
    traceState: undefined,
  };

  it('round-trips traceparent through message headers', () => {
    const carrier = headers();
    injectTraceHeaders(carrier, trace.setSpanContext(ROOT_CONTEXT, spanContext));
    expect(carrier.get('traceparent')).toBe('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');

    const extracted = trace.getSpanContext(extractTraceContext(carrier, ROOT_CONTEXT));
    expect(extracted).toMatchObject({
      traceId: spanContext.traceId,
      spanId: spanContext.spanId,
      traceFlags: TraceFlags.SAMPLED,
      isRemote: true,
    });
  });

  it('carries tracestate along', () => {
    const carrier = headers();
    carrier.set('traceparent', '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00');
    carrier.set('tracestate', 'vendor=opaque,other=1');
    const extracted = trace.getSpanContext(extractTraceContext(carrier, ROOT_CONTEXT));
    expect(extracted?.traceState?.serialize()).toBe('vendor=opaque,other=1');

    const forwarded = headers();
    injectTraceHeaders(forwarded, extractTraceContext(carrier, ROOT_CONTEXT));
    expect(forwarded.get('tracestate')).toBe('vendor=opaque,other=1');
  });

  it('writes nothing without a span, and extracts nothing from missing or broken headers', () => {
    const carrier = headers();
    injectTraceHeaders(carrier, ROOT_CONTEXT);
    expect(carrier.has('traceparent')).toBe(false);

    expect(extractTraceContext(undefined, ROOT_CONTEXT)).toBe(ROOT_CONTEXT);
    const broken = headers();
    broken.set('traceparent', 'not-a-traceparent');
    const spanContext = trace.getSpanContext(extractTraceContext(broken, ROOT_CONTEXT));
    expect(spanContext === undefined || !isSpanContextValid(spanContext)).toBe(true);
  });
});

/**
 * Runs the fixture app in `dir` on a database of its own, with `env` over this process's (without
 * NODE_OPTIONS, OTEL_SERVICE_NAME and OTEL_SDK_DISABLED unless `env` sets them).
 */
async function runFixture(
  dir: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ exitCode: number | null; stdout: string; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    MONGO_URL: process.env.MONGO_URL ?? inject('mongoUrl'),
    FIXTURE_DB: `telemetry_test_${randomBytes(4).toString('hex')}`,
  };
  delete childEnv.OTEL_SERVICE_NAME;
  delete childEnv.OTEL_SDK_DISABLED;
  delete childEnv.NODE_OPTIONS;
  const child = spawn(process.execPath, [...args, 'app.js'], { cwd: dir, env: { ...childEnv, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { exitCode, stdout, stderr };
}

/** The JSON records (log lines, the thread count) the fixture app printed. */
function recordsOf(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The thread count the fixture app printed. */
function threadsOf(stdout: string): number {
  const record = recordsOf(stdout).find((r) => r.msg === 'threads');
  if (record === undefined) throw new Error(`the fixture printed no thread count: ${stdout}`);
  return record.count as number;
}

describe('startTelemetry in a process started with --import', () => {
  const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');

  /** The fixture, built once for the tests below and removed after them. */
  let built: Promise<string> | undefined;
  const fixture = () => (built ??= buildFixture());
  afterAll(async () => {
    if (built) await rm(await built, { recursive: true, force: true });
  });

  /**
   * Node 20 cannot run TypeScript: the modules under test are transpiled into a scratch directory
   * inside the package's node_modules, from where their imports resolve as they do from src/.
   */
  async function buildFixture(): Promise<string> {
    const dir = join(
      packageDir,
      'node_modules',
      '.cache',
      `telemetry-test-${randomBytes(4).toString('hex')}`,
    );
    await mkdir(dir, { recursive: true });
    for (const name of ['telemetry', 'telemetry-fastify', 'logger']) {
      const source = await readFile(join(packageDir, 'src', `${name}.ts`), 'utf8');
      const { outputText } = ts.transpileModule(source, {
        compilerOptions: {
          module: ts.ModuleKind.ESNext,
          target: ts.ScriptTarget.ES2022,
          verbatimModuleSyntax: true,
        },
      });
      await writeFile(join(dir, `${name}.js`), outputText);
    }
    await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
    await writeFile(
      join(dir, 'instrument.js'),
      "import { startTelemetry } from './telemetry.js';\nimport { traceFastifyRoutes } from './telemetry-fastify.js';\n" +
        "startTelemetry('telemetry-fixture');\ntraceFastifyRoutes();\n",
    );
    await writeFile(join(dir, 'app.js'), fixtureApp);
    return dir;
  }

  // An ESM app as the services are: Fastify, mongoose and the service-kit logger, all imported
  // after instrument.js ran. It serves one probe and one real request, makes one outgoing request
  // through its own ES-module import of node:http (as the webhook sender does), reports its
  // threads, then flushes and exits.
  const fixtureApp = `
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import Fastify, { LogController } from 'fastify';
import mongoose from 'mongoose';
import { trace } from '@opentelemetry/api';
import { createLogger } from './logger.js';
import { startTelemetry } from './telemetry.js';
import { requestTraceparent, tracedChildLogger } from './telemetry-fastify.js';

const logger = createLogger({ service: 'telemetry-fixture' });
const connection = await mongoose
  .createConnection(process.env.MONGO_URL, { dbName: process.env.FIXTURE_DB })
  .asPromise();
const Things = connection.model('Thing', new mongoose.Schema({ name: String, secret: String }));
const app = Fastify({
  loggerInstance: logger,
  childLoggerFactory: tracedChildLogger,
  logController: new LogController({ disableRequestLogging: true }),
});
app.get('/health', async () => 'up');
app.get('/echo', async () => 'echo');
app.get('/things/:id', async (request) => {
  logger.info({ url: request.url, recording: trace.getActiveSpan()?.isRecording() }, 'reading a thing');
  request.log.info({ traceparent: requestTraceparent(request.raw) ?? null }, 'the request logs');
  await Things.create({ name: request.params.id, secret: 'SECRET-VALUE' });
  return Things.findOne({ secret: 'SECRET-VALUE' }).lean();
});
await app.listen({ host: '127.0.0.1', port: 0 });
const base = 'http://127.0.0.1:' + app.server.address().port;
await (await fetch(base + '/health')).text();
const traceparent = process.env.FIXTURE_TRACEPARENT;
await (await fetch(base + '/things/42?access_token=TOKEN-VALUE', { headers: traceparent ? { traceparent } : {} })).text();
await (await fetch(base + '/things/43')).text();
await new Promise((resolve, reject) => {
  httpRequest(base + '/echo', (response) => response.resume().on('end', resolve)).on('error', reject).end();
});
console.log(JSON.stringify({ msg: 'threads', count: readdirSync('/proc/self/task').length }));
await app.close();
await connection.dropDatabase();
await connection.close();
await startTelemetry('ignored').shutdown();
`;

  it('traces Fastify, http (an ES module import too) and MongoDB, correlates logs, keeps secrets and probes out, runs no loader-hook thread', async () => {
    const otlp = await receiver();
    const dir = await fixture();
    const { exitCode, stdout, stderr } = await runFixture(dir, ['--import', './instrument.js'], {
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_BSP_SCHEDULE_DELAY: '50',
    });
    expect(exitCode, stderr).toBe(0);

    const spans = await otlp.waitFor((received) => received.some((span) => span.name === 'find things'));
    const server = spans.find((span) => span.kind === 'server' && span.name === 'GET /things/:id');
    expect(server).toMatchObject({
      name: 'GET /things/:id',
      serviceName: 'telemetry-fixture',
      attributes: { 'url.path': '/things/42', 'http.route': '/things/:id' },
    });
    const traceOf = spans.filter((span) => span.traceId === server?.traceId);
    expect(traceOf.map((span) => span.scopeName)).toEqual(
      expect.arrayContaining([
        '@opentelemetry/instrumentation-http',
        '@opentelemetry/instrumentation-mongodb',
      ]),
    );
    // Fastify adds no span of its own (no span per hook): the route names the server span.
    expect(
      traceOf.filter((span) => span.scopeName !== '@opentelemetry/instrumentation-mongodb'),
    ).toHaveLength(1);
    const insert = traceOf.find((span) => span.name === 'insert things');
    expect(insert?.attributes['db.query.text']).toEqual(expect.stringContaining('"secret":"?"'));
    // The probe made no span at all; neither the token nor the stored secret reached a span.
    expect(spans.some((span) => JSON.stringify(span.attributes).includes('/health'))).toBe(false);
    expect(JSON.stringify(spans)).not.toContain('TOKEN-VALUE');
    expect(JSON.stringify(spans)).not.toContain('SECRET-VALUE');

    // The ES module's named import of node:http is the patched function: a client span, whose
    // context the server received.
    const echoServer = spans.find((span) => span.kind === 'server' && span.name === 'GET /echo');
    const echoClient = spans.find(
      (span) => span.kind === 'client' && span.scopeName === '@opentelemetry/instrumentation-http',
    );
    expect(echoClient?.attributes['url.full']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/echo$/);
    expect(echoServer?.parentSpanId).toBe(echoClient?.spanId);
    expect(echoServer?.traceId).toBe(echoClient?.traceId);

    const logged = recordsOf(stdout).find((record) => record.msg === 'reading a thing');
    expect(logged).toMatchObject({ service: 'telemetry-fixture', trace_id: server?.traceId });
    expect(traceOf.map((span) => span.spanId)).toContain(logged?.span_id);
    // The request's own logger: the active span's ids through the mixin, written once, and no
    // traceparent of its own to carry (the active context carries it).
    const requestLine = stdout.split('\n').find((line) => line.includes('"the request logs"'));
    expect(requestLine?.match(/"trace_id"/g)).toHaveLength(1);
    expect(JSON.parse(requestLine!)).toMatchObject({ trace_id: server?.traceId, traceparent: null });
    expect(stdout).not.toContain('TOKEN-VALUE');
    // No ESM loader hook: Node runs one on a thread with a V8 isolate of its own, 15–20 MB of every
    // service. The same app started without telemetry runs as many threads.
    const withoutTelemetry = await runFixture(dir, [], { OTEL_SDK_DISABLED: 'true' });
    expect(threadsOf(stdout)).toBe(threadsOf(withoutTelemetry.stdout));
  });

  it('without an exporter: no span recorded, no context manager, and each request’s logger and calls carry its own span’s ids', async () => {
    const dir = await fixture();
    const traceId = randomBytes(16).toString('hex');
    const parentSpanId = randomBytes(8).toString('hex');
    const { exitCode, stdout, stderr } = await runFixture(dir, ['--import', './instrument.js'], {
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
      FIXTURE_TRACEPARENT: `00-${traceId}-${parentSpanId}-01`,
    });
    expect(exitCode, stderr).toBe(0);
    const records = recordsOf(stdout);
    // No active span inside the handler: the active context does not follow the request, so the
    // process-wide logger carries no ids.
    const logged = records.filter((record) => record.msg === 'reading a thing');
    expect(logged).toHaveLength(2);
    for (const record of logged) {
      expect(record.recording).toBeUndefined();
      expect(record.trace_id).toBeUndefined();
    }
    // The request's logger is bound to a span of the request's own: the incoming traceparent's
    // trace, a span id of its own, not sampled (nothing is recorded); its traceparent names it.
    const [continued, fresh] = records.filter((record) => record.msg === 'the request logs');
    expect(continued).toMatchObject({ trace_id: traceId, trace_flags: '00' });
    expect(continued?.span_id).toMatch(/^[0-9a-f]{16}$/);
    expect(continued?.span_id).not.toBe(parentSpanId);
    expect(continued?.traceparent).toBe(`00-${traceId}-${String(continued?.span_id)}-00`);
    // Without a traceparent, a new trace.
    expect(fresh?.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh?.trace_id).not.toBe(traceId);
    expect(fresh?.trace_id).not.toBe('0'.repeat(32));
    expect(fresh?.traceparent).toBe(`00-${String(fresh?.trace_id)}-${String(fresh?.span_id)}-00`);
  });
});
