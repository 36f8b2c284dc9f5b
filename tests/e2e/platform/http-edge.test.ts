/**
 * Errors raised by Node's HTTP parser, before a request reaches a route, are problem+json too.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../../support/api.js';

/** A raw GET with a path of `length` characters (fetch would refuse to send some of these). */
function rawGet(path: string): Promise<{ status: number; contentType: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl()}${path}`, { method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'] ?? '', body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe("the HTTP parser's errors", () => {
  it('answers a request line beyond the header limit with 431 problem+json naming it', async () => {
    const answer = await rawGet(`/whoami/?q=${'x'.repeat(20_000)}`);
    expect(answer.status).toBe(431);
    expect(answer.contentType).toBe('application/problem+json');
    const problem = JSON.parse(answer.body) as { status: number; code: number; detail: string };
    expect(problem).toMatchObject({
      status: 431,
      code: -16,
      detail: 'The request line or headers are too large.',
    });
  });

  it('keeps answering normally afterwards', async () => {
    expect((await rawGet('/health')).status).toBe(200);
  });
});
