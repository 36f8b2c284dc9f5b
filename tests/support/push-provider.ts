/**
 * A local stand-in for Firebase Cloud Messaging HTTP v1, started by the e2e global setup
 * (tests/setup/stack.ts) and given to the notifications service as `FCM_BASE_URL`. It answers
 * `POST /v1/projects/{projectId}/messages:send` as FCM does, deterministically by the token's
 * prefix, and keeps what it received per token (`GET /received?token=…`, for tests in other
 * processes):
 * - `dead-…`: 404 `UNREGISTERED`; `invalid-…`: 400 `INVALID_ARGUMENT` (dead tokens);
 * - `flaky-…`: 503 `UNAVAILABLE` twice, then 200;
 * - `throttled-…`: 429 `QUOTA_EXCEEDED` with `Retry-After: 1` once, then 200;
 * - `down-…`: 503 `UNAVAILABLE` always;
 * - anything else: 200 `{ name }`. A wrong bearer token is 401.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const PUSH_PROVIDER_ACCESS_TOKEN = 'e2e-fcm-access-token';

export interface ReceivedPush {
  readonly projectId: string;
  readonly token: string;
  readonly data: Record<string, string>;
  readonly status: number;
  /** Milliseconds since the epoch. */
  readonly at: number;
}

export interface PushProviderStandIn {
  readonly url: string;
  close(): Promise<void>;
}

const SEND_PATH = /^\/v1\/projects\/([^/]+)\/messages:send$/;

function fcmError(status: number, statusName: string, errorCode: string) {
  return {
    error: {
      code: status,
      message: errorCode,
      status: statusName,
      details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }],
    },
  };
}

/** The answer for the `n`-th request (0-based) with `token`. */
function answerFor(
  token: string,
  n: number,
): { status: number; body: unknown; headers?: Record<string, string> } {
  if (token.startsWith('dead-')) return { status: 404, body: fcmError(404, 'NOT_FOUND', 'UNREGISTERED') };
  if (token.startsWith('invalid-'))
    return { status: 400, body: fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT') };
  if (token.startsWith('down-') || (token.startsWith('flaky-') && n < 2))
    return { status: 503, body: fcmError(503, 'UNAVAILABLE', 'UNAVAILABLE') };
  if (token.startsWith('throttled-') && n < 1)
    return {
      status: 429,
      body: fcmError(429, 'RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED'),
      headers: { 'retry-after': '1' },
    };
  return { status: 200, body: { name: `projects/x/messages/${n}` } };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

export async function startPushProvider(): Promise<PushProviderStandIn> {
  const received = new Map<string, ReceivedPush[]>();
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (request.method === 'GET' && url.pathname === '/received') {
        return send(response, 200, received.get(url.searchParams.get('token') ?? '') ?? []);
      }
      const match = SEND_PATH.exec(url.pathname);
      if (request.method !== 'POST' || !match)
        return send(response, 404, fcmError(404, 'NOT_FOUND', 'NOT_FOUND'));
      if (request.headers.authorization !== `Bearer ${PUSH_PROVIDER_ACCESS_TOKEN}`)
        return send(response, 401, fcmError(401, 'UNAUTHENTICATED', 'THIRD_PARTY_AUTH_ERROR'));
      const body = (await readJson(request)) as {
        message?: { token?: string; data?: Record<string, string> };
      };
      const token = body?.message?.token ?? '';
      const list = received.get(token) ?? [];
      const answer = answerFor(token, list.length);
      list.push({
        projectId: decodeURIComponent(match[1]!),
        token,
        data: body?.message?.data ?? {},
        status: answer.status,
        at: Date.now(),
      });
      received.set(token, list);
      send(response, answer.status, answer.body, answer.headers);
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
