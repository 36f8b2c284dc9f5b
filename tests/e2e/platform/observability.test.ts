/**
 * Observability over the running stack: one HTTP request is one trace across the gateway and the
 * owning service (ARCHITECTURE §11), and no secret or token ever reaches a log.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, demo, networkOf, passwordGrant, type TokenPair } from '../../support/api.js';
import { closeFactories, newClient, newNetwork } from '../../support/factories/core.js';
import { waitUntil } from '../../support/factories/push.js';
import type { ReceivedSpan } from '../../support/otlp-receiver.js';
import { startExtraGateway } from '../../support/extra-gateway.js';
import { stack } from '../../support/stack.js';

afterAll(closeFactories);

/** The JSON records of a log's text. */
function jsonRecords(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Every JSON log record written so far by the stack's processes. */
function logRecords(): Record<string, unknown>[] {
  const logDir = stack().logDir;
  return readdirSync(logDir).flatMap((file) => jsonRecords(readFileSync(join(logDir, file), 'utf8')));
}

/** The spans the stack's OTLP receiver holds once `predicate` holds of them (15 s at most). */
function spansWhere(predicate: (spans: ReceivedSpan[]) => boolean): Promise<ReceivedSpan[]> {
  return waitUntil(
    async () => (await (await fetch(`${stack().otlpUrl}/spans`)).json()) as ReceivedSpan[],
    predicate,
  );
}

describe('tracing', () => {
  it('puts the gateway server span, the NATS spans, the auth span and its MongoDB spans in one trace', async () => {
    const token = (await passwordGrant(demo.alice)).body.access_token;
    const { networkEID } = await networkOf(token, 'acme');
    const requestId = `trace-${Date.now()}`;
    const response = await call(`/networks/${networkEID}/`, {
      token,
      headers: { 'x-request-id': requestId },
    });
    expect(response.status).toBe(200);

    const isAuthSpan = (s: ReceivedSpan) =>
      s.serviceName === 'auth' &&
      s.kind === 'consumer' &&
      s.attributes['ncs.request_id'] === requestId &&
      s.name.startsWith('rpc.auth.network.get');
    const isMongo = (s: ReceivedSpan) =>
      s.serviceName === 'auth' && s.kind === 'client' && s.attributes['db.system.name'] === 'mongodb';
    // Spans arrive in batches from three processes: wait until the whole trace is in.
    const spans = await spansWhere((all) => {
      const authSpan = all.find(isAuthSpan);
      const inTrace = all.filter((s) => s.traceId === authSpan?.traceId);
      return inTrace.some((s) => s.serviceName === 'gateway' && s.kind === 'server') && inTrace.some(isMongo);
    });
    const authSpan = spans.find(isAuthSpan);
    expect(authSpan, 'auth consumer span for the request').toBeDefined();
    const trace = spans.filter((s) => s.traceId === authSpan!.traceId);

    const server = trace.find((s) => s.serviceName === 'gateway' && s.kind === 'server');
    const send = trace.find(
      (s) =>
        s.serviceName === 'gateway' && s.kind === 'producer' && s.name.startsWith('rpc.auth.network.get'),
    );
    const mongo = trace.filter(isMongo);
    expect(server, 'gateway HTTP server span').toBeDefined();
    expect(send, 'gateway NATS send span').toBeDefined();
    expect(mongo.length, 'MongoDB spans of the auth service').toBeGreaterThan(0);
    // The service span is a child of the gateway's send span: context crossed NATS in headers.
    expect(authSpan!.parentSpanId).toBe(send!.spanId);
    for (const span of mongo) expect(span.traceId).toBe(server!.traceId);

    // The log records of the request carry its request id and the same trace id, in both processes.
    const records = logRecords().filter((r) => r.requestId === requestId);
    const access = records.find((r) => r.service === 'gateway' && r.msg === 'request completed');
    const handled = records.find((r) => r.service === 'auth' && r.msg === 'rpc handled');
    expect(access?.trace_id, 'gateway access log').toBe(server!.traceId);
    expect(handled?.trace_id, 'auth rpc log').toBe(server!.traceId);
  });

  it('carries the trace over NATS from a gateway that exports nothing (no context manager)', async () => {
    // A gateway of the test's own without an exporter, in front of the stack's auth, which exports.
    const gateway = await startExtraGateway('ids-only', {
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      LOG_LEVEL: 'info',
    });
    try {
      const token = (await passwordGrant(demo.alice)).body.access_token;
      const { networkEID } = await networkOf(token, 'acme');
      const traceId = randomBytes(16).toString('hex');
      const callerSpanId = randomBytes(8).toString('hex');
      const requestId = `ids-only-${Date.now()}`;
      const response = await fetch(`${gateway.url}/networks/${networkEID}/`, {
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/vnd.ncs.api-v2026.1.13+json+hal',
          'x-request-id': requestId,
          traceparent: `00-${traceId}-${callerSpanId}-01`,
        },
      });
      expect(response.status).toBe(200);

      // The services' records of the request (auth's token lookup, made by the rate limiter, and
      // network read; messaging's count when auth's cache of it is cold) are in the caller's trace:
      // the gateway sent it in the NATS headers, flagged not sampled (it records nothing).
      const subjects = ['rpc.auth.token.lookup', 'rpc.auth.network.get'];
      const handled = await waitUntil(
        () =>
          Promise.resolve(logRecords().filter((r) => r.msg === 'rpc handled' && r.requestId === requestId)),
        (records) => subjects.every((subject) => records.some((r) => r.subject === subject)),
      );
      expect(handled.map((r) => r.subject)).toEqual(expect.arrayContaining(subjects));
      for (const record of handled) {
        expect(record, String(record.subject)).toMatchObject({ trace_id: traceId, trace_flags: '00' });
        expect(record.span_id).not.toBe(callerSpanId);
      }

      // The gateway's access log (written once the response has gone): the same trace, a span of
      // the request's own.
      const access = await waitUntil(
        async () =>
          jsonRecords(await readFile(gateway.app.logFile, 'utf8')).find(
            (r) => r.msg === 'request completed' && r.requestId === requestId,
          ),
        (record) => record !== undefined,
      );
      expect(access).toMatchObject({ service: 'gateway', trace_id: traceId });
      expect(access?.span_id).toMatch(/^[0-9a-f]{16}$/);
      expect(access?.span_id).not.toBe(callerSpanId);
    } finally {
      await gateway.stop();
    }
  });
});

describe('embedding', () => {
  it('fetches what embed= asks for over a whole page with one batch request per owner', async () => {
    const network = await newNetwork();
    for (let i = 0; i < 3; i += 1) await network.newMember();
    const token = await network.admin.token();
    const requestId = `embed-${Date.now()}`;
    const response = await call(`/networks/${network.networkEID}/users/?embed=network`, {
      token,
      headers: { 'x-request-id': requestId },
    });
    expect(response.status).toBe(200);
    const isBatch = (s: ReceivedSpan) =>
      s.serviceName === 'auth' &&
      s.kind === 'consumer' &&
      s.name.startsWith('rpc.auth.network.batch') &&
      s.attributes['ncs.request_id'] === requestId;
    const spans = await spansWhere((all) => all.some(isBatch));
    // Four users referencing the same network: one request to the owner, not one per item.
    expect(spans.filter(isBatch)).toHaveLength(1);
  });
});

describe('logs', () => {
  it('never contain a password, client secret, access token or refresh token', async () => {
    const network = await newNetwork();
    const person = await network.newMember();
    const client = await newClient({ firstParty: true });
    const grant = await passwordGrant(person.email, person.password, {
      client_id: client.clientId,
      client_secret: client.secret,
    });
    expect(grant.status).toBe(200);
    const { access_token: accessToken, refresh_token: refreshToken } = grant.body as TokenPair;
    // Use every secret in every place it can travel: header, query string, form body, failures.
    await call(`/networks/${network.networkEID}/`, { token: accessToken });
    await call(`/networks/${network.networkEID}/?access_token=${accessToken}`);
    await call(`/whoami/?access_token=${accessToken}&x=1`);
    await call('/no/such/route?access_token=' + accessToken);
    await passwordGrant(person.email, `${person.password}-wrong`, {
      client_id: client.clientId,
      client_secret: client.secret,
    });
    await passwordGrant(person.email, person.password, {
      client_id: client.clientId,
      client_secret: `${client.secret}-wrong`,
    });
    await call('/oauth/v2/token', {
      accept: 'application/json',
      form: {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: client.clientId,
        client_secret: client.secret,
      },
    });
    await call('/oauth/v2/token', {
      accept: 'application/json',
      json: { password: person.password, client_secret: client.secret },
    });
    await new Promise((r) => setTimeout(r, 1_000)); // let the processes flush their logs

    const logDir = stack().logDir;
    const logs = readdirSync(logDir)
      .map((file) => readFileSync(join(logDir, file), 'utf8'))
      .join('\n');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).toContain('request completed'); // the requests above were logged…
    for (const secret of [person.password, client.secret, accessToken, refreshToken]) {
      expect(logs.includes(secret), 'a secret reached the logs').toBe(false); // …without their secrets
    }
  });
});
