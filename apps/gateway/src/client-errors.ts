/**
 * Errors Node's HTTP parser raises before a request reaches Fastify (headers or URL too large, a
 * malformed request, a client too slow): answered as problem+json like every other error, then
 * the connection is closed (the parser cannot go on).
 */
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { ErrorName } from '@ncs/contracts';
import { problemFromName } from './problems/problem.js';

const byParserCode: Readonly<Record<string, ErrorName>> = {
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
};

export function clientErrorResponse(code: string | undefined): string {
  const problem = problemFromName(byParserCode[code ?? ''] ?? 'BAD_REQUEST', randomUUID());
  const body = JSON.stringify(problem);
  return [
    `HTTP/1.1 ${problem.status} ${problem.title}`,
    'Content-Type: application/problem+json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${problem.requestId}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody to answer (https://nodejs.org/api/http.html#event-clienterror).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.write(clientErrorResponse(error.code));
  socket.destroy(error);
}
