/**
 * The HTTP edges: Fastify's own URL errors as problem+json with X-Request-Id, JSON
 * routes that take JSON only (415), strict UTF-8 bodies, query numbers that are plain integers in
 * range, `Location` on 201, `instance` on every problem, and problem `type` URIs that resolve to a
 * page the gateway serves.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@ncs/contracts';
import { baseUrl, call, mediaType, type ApiResponse, type Problem } from '../../support/api.js';
import { minimalManifest, newApp, putManifest } from '../../support/factories/apps.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { kbPath, newKbCategory } from '../../support/factories/kb.js';

const problemType = /^application\/problem\+json/;

/** A raw GET (fetch would normalise a malformed percent-encoding away). */
function rawGet(path: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl()}${path}`, { method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A POST of raw bytes (invalid UTF-8 cannot travel in a JS string). */
async function postBytes(path: string, token: string, bytes: Uint8Array, contentType = 'application/json') {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: mediaType(), 'content-type': contentType },
    body: bytes,
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Problem };
}

afterAll(closeFactories);

let network: TestNetwork;
let admin: string;

beforeAll(async () => {
  network = await newNetwork('Edges');
  admin = await network.admin.token();
});

describe("Fastify's own URL errors", () => {
  it('answers a malformed percent-encoding with 400 problem+json, X-Request-Id and instance', async () => {
    const answer = await rawGet('/networks/%E0%A4%A/');
    expect(answer.status).toBe(400);
    expect(String(answer.headers['content-type'])).toMatch(problemType);
    const problem = JSON.parse(answer.body) as Problem;
    expect(answer.headers['x-request-id']).toBe(problem.requestId);
    expect(problem).toMatchObject({ status: 400, code: -1, instance: '/networks/%E0%A4%A/' });
    expect(problem.detail).toMatch(/percent-encoding/);
  });

  it('answers a path parameter beyond its length with 414 problem+json', async () => {
    const answer = await rawGet(`/networks/${'a'.repeat(700)}/`);
    expect(answer.status).toBe(414);
    expect(String(answer.headers['content-type'])).toMatch(problemType);
    expect(answer.headers['x-request-id']).toBeTruthy();
    expect(JSON.parse(answer.body)).toMatchObject({ code: -20 });
  });
});

describe('bodies of JSON routes', () => {
  const categories = () => kbPath(network.networkEID, 'categories/');

  it('answers a form-encoded body on a JSON route with 415 problem+json', async () => {
    const response = await call<Problem>(categories(), { token: admin, form: { name: 'Form' } });
    expect(response.status).toBe(415);
    expect(response.headers.get('content-type')).toMatch(problemType);
    expect(response.headers.get('x-request-id')).toBe(response.body.requestId);
    expect(response.body).toMatchObject({ code: -11, instance: categories() });
  });

  it('takes a +json media type as JSON', async () => {
    const response = await call(categories(), {
      token: admin,
      headers: { 'content-type': 'application/merge-patch+json' },
      rawBody: JSON.stringify({ name: 'Suffix json' }),
    });
    expect(response.status, response.text).toBe(201);
  });

  it('keeps form bodies on the OAuth token route', async () => {
    const response = await call('/oauth/v2/token', {
      accept: 'application/json',
      form: { grant_type: 'password', username: network.admin.email, password: network.admin.password },
    });
    expect(response.status).not.toBe(415);
  });

  it('answers invalid UTF-8 with 400 naming the field, never storing a replacement', async () => {
    const head = new TextEncoder().encode('{"description":"fine","name":"bad ');
    const tail = new TextEncoder().encode('"}');
    const bytes = new Uint8Array([...head, 0xc3, 0x28, ...tail]);
    const response = await postBytes(categories(), admin, bytes);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(problemType);
    expect(response.body.errors).toEqual([{ pointer: '/body/name', message: 'is not valid UTF-8' }]);
    expect(response.body.instance).toBe(categories());
  });

  it('names the key when the invalid bytes are in a key', async () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"n'),
      0xff,
      ...new TextEncoder().encode('":1}'),
    ]);
    const response = await postBytes(categories(), admin, bytes);
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.pointer).toBe('/body/n\uFFFD');
  });
});

describe('numbers in the query', () => {
  const users = () => `/networks/${network.networkEID}/users/`;

  it.each([
    ['offset', '1e400'],
    ['offset', '-1'],
    ['offset', '0x10'],
    ['offset', '99999999999999999999'],
    ['offset', '1000000001'],
    ['limit', '1.5'],
    ['limit', '0'],
    ['limit', '10001'],
  ])('answers %s=%s with 400 naming the parameter', async (name, value) => {
    const response = await call<Problem>(`${users()}?${name}=${value}`, { token: admin });
    expect(response.status, response.text).toBe(400);
    expect(response.body.errors?.map((e) => e.pointer)).toEqual([`/query/${name}`]);
  });

  it('takes plain integers in range', async () => {
    const response = await call(`${users()}?offset=0&limit=10000`, { token: admin });
    expect(response.status, response.text).toBe(200);
  });
});

describe('201 and problems', () => {
  it('answers a 201 with Location, the created resource that answers 200', async () => {
    const created = await call<{ EID: string }>(kbPath(network.networkEID, 'categories/'), {
      token: admin,
      json: { name: 'Located' },
    });
    expect(created.status, created.text).toBe(201);
    const location = created.headers.get('location');
    expect(location).toMatch(/^https?:\/\//);
    const fetched = await call<{ EID: string; name: string }>(new URL(location!).pathname, { token: admin });
    expect(fetched.status, fetched.text).toBe(200);
    expect(fetched.body).toMatchObject({ EID: created.body.EID, name: 'Located' });
  });

  it('puts Location on every 201 of the route table, each answering 200 to a GET', async () => {
    const net = network.networkEID;
    const member = await network.newMember();
    const category = await newKbCategory(net, admin);
    const group = await call<{ EID: string }>(`/networks/${net}/groups/`, {
      token: admin,
      json: { name: 'Located group' },
    });
    const app = await newApp({ name: 'Located app' });
    const creations: [string, () => Promise<ApiResponse>][] = [
      [
        'page.create',
        () =>
          call(kbPath(net, `categories/${category}/pages/`), {
            token: admin,
            json: { title: 'P', body: 'B' },
          }),
      ],
      [
        'categoryManager.assign',
        () =>
          call(kbPath(net, `categories/${category}/managers/`), {
            token: admin,
            json: { profileEID: member.profileEID },
          }),
      ],
      [
        'invitation.create',
        () =>
          call(`/networks/${net}/invitations/`, {
            token: admin,
            json: { email: `loc-${net}@edges.example` },
          }),
      ],
      ['group.create', () => Promise.resolve(group)],
      [
        'groupMember.add',
        () =>
          call(`/networks/${net}/groups/${group.body.EID}/members/`, {
            token: admin,
            json: { profileEID: member.profileEID },
          }),
      ],
      [
        'theme.create',
        () => call(`/networks/${net}/themes/`, { token: admin, json: { name: 'Located theme' } }),
      ],
      ['appManifest (PUT, first time)', async () => putManifest(app, minimalManifest())],
      ['app.install', () => call(`/networks/${net}/apps/`, { token: admin, json: { appEID: app.clientId } })],
    ];
    for (const [name, create] of creations) {
      const created = await create();
      expect(created.status, `${name}: ${created.text}`).toBe(201);
      const location = created.headers.get('location');
      expect(location ?? `no Location: ${name} ${created.text}`).toMatch(/^https?:\/\//);
      const token = name.startsWith('app') && !name.startsWith('app.') ? await app.token() : admin;
      const fetched = await call(new URL(location!).pathname, { token });
      expect(fetched.status, `${name}: GET ${location}: ${fetched.text}`).toBe(200);
    }
  });

  it('has no Location for a signing secret, which is shown once and has no URL of its own', async () => {
    const app = await newApp({ name: 'Secret app' });
    await putManifest(app, minimalManifest());
    const created = await call(`/apps/${app.clientId}/signing-secret`, {
      method: 'POST',
      token: await app.token(),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get('location')).toBeNull();
  });

  it('gives a validation problem its instance (the path without the query)', async () => {
    const path = kbPath(network.networkEID, 'categories/');
    const response = await call<Problem>(`${path}?x=1`, { token: admin, json: { name: 5 } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: -2, instance: path });
  });

  it("gives a problem a type URL the gateway answers with that error's page", async () => {
    const response = await call<Problem>('/no/such/route/');
    expect(response.status).toBe(404);
    expect(response.body.instance).toBe('/no/such/route/');
    expect(response.body.type).toBe(`${baseUrl()}/docs/problems/route-not-found`);
    const page = await fetch(response.body.type);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('ROUTE_NOT_FOUND');
    expect(html).toContain('-6');
  });

  it('serves a page for every error of the catalogue (HTML, or JSON when asked)', async () => {
    for (const [name, definition] of Object.entries(errorCatalogue)) {
      const slug = name.toLowerCase().replaceAll('_', '-');
      const page = await fetch(`${baseUrl()}/docs/problems/${slug}`);
      expect(page.status, name).toBe(200);
      expect(await page.text()).toContain(name);
      const json = await call<Record<string, unknown>>(`/docs/problems/${slug}`, {
        accept: 'application/json',
      });
      expect(json.body).toMatchObject({ name, status: definition.status, code: definition.code });
    }
  });

  it("gives the HTTP parser's errors a type that resolves against the gateway too", async () => {
    const answer = await rawGet(`/whoami/?q=${'x'.repeat(20_000)}`);
    expect(answer.status).toBe(431);
    const { type } = JSON.parse(answer.body) as Problem;
    expect(type).toBe('/docs/problems/headers-too-large');
    const page = await fetch(new URL(type, `${baseUrl()}/whoami/`));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('HEADERS_TOO_LARGE');
  });

  it('answers an unknown problem name with 404 problem+json', async () => {
    const response = await call<Problem>('/docs/problems/no-such-problem');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(problemType);
    expect(response.body).toMatchObject({ code: -5, instance: '/docs/problems/no-such-problem' });
  });
});
