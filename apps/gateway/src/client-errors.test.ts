import { describe, expect, it } from 'vitest';
import { clientErrorResponse } from './client-errors.js';

function parse(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headers] = head.split('\r\n');
  return { statusLine, headers, problem: JSON.parse(body) as { status: number; code: number } };
}

describe('client errors (before Fastify)', () => {
  it('answers a header overflow as 431 problem+json with a length that matches the body', () => {
    const raw = clientErrorResponse('HPE_HEADER_OVERFLOW');
    const { statusLine, headers, problem } = parse(raw);
    expect(statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(headers).toContain('Content-Type: application/problem+json');
    const length = Number(headers.find((h) => h.startsWith('Content-Length: '))?.slice(16));
    expect(length).toBe(Buffer.byteLength(raw.split('\r\n\r\n')[1]!));
    expect(problem).toMatchObject({ status: 431, code: -16 });
  });

  it('answers a timeout as 408 and anything else as 400', () => {
    expect(parse(clientErrorResponse('ERR_HTTP_REQUEST_TIMEOUT')).problem).toMatchObject({ status: 408 });
    expect(parse(clientErrorResponse('HPE_INVALID_METHOD')).problem).toMatchObject({ status: 400, code: -1 });
    expect(parse(clientErrorResponse(undefined)).problem.status).toBe(400);
  });
});
