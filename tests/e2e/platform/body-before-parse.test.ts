/**
 * What the gateway refuses before it parses a body: a missing or unknown token (the body is not
 * even read: a request whose body never ends is answered all the same), and JSON nested deeper
 * than the limit (a byte scan, before any recursive parser or walk sees it). Decisions:
 * docs/decisions.md, "Request bodies".
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, mediaType, type Problem } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { kbPath } from '../../support/factories/kb.js';

afterAll(closeFactories);

let network: TestNetwork;
let admin: string;

beforeAll(async () => {
  network = await newNetwork('Deep bodies');
  admin = await network.admin.token();
});

const categories = () => kbPath(network.networkEID, 'categories/');

/**
 * A JSON POST that announces `announced` bytes but sends only `sent` of them and then waits:
 * resolves with the answer if one comes while the body is still incomplete.
 */
function postUnfinished(path: string, headers: Record<string, string>, sent: string, announced: number) {
  return new Promise<{ status: number; contentType: string; body: string }>((resolve, reject) => {
    const req = request(
      `${baseUrl()}${path}`,
      {
        method: 'POST',
        headers: {
          ...headers,
          accept: mediaType(),
          'content-type': 'application/json',
          'content-length': String(announced),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'] ?? '', body });
        });
      },
    );
    req.on('error', reject);
    req.write(sent);
    // Never ends: only an answer that does not wait for the body settles the promise.
  });
}

describe('a body is read only for a caller who may call the route', () => {
  it('answers a request without a token before its body has arrived', async () => {
    const answer = await postUnfinished(categories(), {}, '['.repeat(1_000), 10_000_000);
    expect(answer.status).toBe(401);
    expect(answer.contentType).toMatch(/^application\/problem\+json/);
  });

  it('answers an unknown token before its body has arrived', async () => {
    const answer = await postUnfinished(
      categories(),
      { authorization: 'Bearer not-a-token-of-ours-at-all' },
      '{"name":',
      10_000_000,
    );
    expect(answer.status).toBe(401);
  });

  it('still reads the body of a caller with a valid token', async () => {
    const created = await call(categories(), { token: admin, json: { name: 'Read after the token' } });
    expect(created.status, created.text).toBe(201);
  });
});

describe('JSON nested deeper than 64 arrays and objects', () => {
  const post = (body: string, token?: string) =>
    fetch(`${baseUrl()}${categories()}`, {
      method: 'POST',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        accept: mediaType(),
        'content-type': 'application/json',
      },
      body,
      signal: AbortSignal.timeout(15_000),
    });

  it.each([
    ['65 levels', 65],
    ['3,000 levels (a stack overflow in a recursive walk)', 3_000],
    ['400,000 levels', 400_000],
  ])('is a 400 naming the limit at %s, never a 5xx', async (_name, depth) => {
    const body = `{"name":"Deep","description":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const response = await post(body, admin);
    expect(response.status).toBe(400);
    const problem = (await response.json()) as Problem;
    expect(problem.errors).toEqual([
      { pointer: '/body', message: 'must not nest arrays and objects deeper than 64 levels' },
    ]);
  });

  it('is refused for its token first when it has none', async () => {
    expect((await post(`${'['.repeat(400_000)}${']'.repeat(400_000)}`)).status).toBe(401);
  });

  it('lets 64 levels through to the route’s own validation', async () => {
    const body = `{"name":"Deep","description":${'['.repeat(63)}${']'.repeat(63)}}`;
    const response = await post(body, admin);
    expect(response.status).toBe(400);
    const problem = (await response.json()) as Problem;
    expect(problem.errors?.map((e) => e.pointer)).toContain('/body/description');
  });
});
