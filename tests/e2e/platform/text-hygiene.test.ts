/**
 * Hostile text: control characters, invisible-only names and lone surrogates
 * are a 400 naming the field, from the one rule in contracts' schemas; tab and line breaks stay
 * allowed in free text; knowledge-base page bodies are stored and served sanitised.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Problem } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { kbPath, newKbCategory } from '../../support/factories/kb.js';

afterAll(closeFactories);

let network: TestNetwork;
let admin: string;

beforeAll(async () => {
  network = await newNetwork('Hygiene network');
  admin = await network.admin.token();
});

/** A 400 VALIDATION_FAILED problem naming `pointer`. */
function expectRefused(
  response: { status: number; headers: Headers; body: unknown; text: string },
  pointer: string,
) {
  expect(response.status, response.text).toBe(400);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const problem = response.body as Problem;
  expect(problem.code).toBe(-2);
  expect(problem.errors?.map((e) => e.pointer)).toContain(pointer);
}

describe('hostile strings are a 400 naming the field', () => {
  it('NUL as a group name', async () => {
    const response = await call(`/networks/${network.networkEID}/groups/`, {
      token: admin,
      json: { name: '\u0000' },
    });
    expectRefused(response, '/body/name');
    const error = (response.body as unknown as Problem).errors!.find((e) => e.pointer === '/body/name')!;
    expect(error.message).toContain('visible character');
  });

  it('a control character in a knowledge-base category description', async () => {
    const response = await call(kbPath(network.networkEID, 'categories/'), {
      token: admin,
      json: { name: 'Fine name', description: 'bell \u0007 here' },
    });
    expectRefused(response, '/body/description');
    expect((response.body as unknown as Problem).errors![0]!.message).toContain('control characters');
  });

  it('a C1 control (and an escape) in a profile’s aboutMe', async () => {
    const member = await network.newMember();
    for (const aboutMe of ['next\u0085line', 'ansi \u001b[31mred']) {
      const response = await call(`/networks/${network.networkEID}/users/${member.profileEID}/`, {
        method: 'PUT',
        token: await member.token(),
        json: { aboutMe },
      });
      expectRefused(response, '/body/aboutMe');
    }
  });

  it('"\\u200b" (or spaces alone) as a name', async () => {
    for (const name of ['\u200b', '   ', '\u3164']) {
      const response = await call(`/networks/${network.networkEID}/themes/`, {
        token: admin,
        json: { name },
      });
      expectRefused(response, '/body/name');
    }
    const category = await call(kbPath(network.networkEID, 'categories/'), {
      token: admin,
      json: { name: '\u200b\u200b' },
    });
    expectRefused(category, '/body/name');
  });

  it('a lone surrogate (raw JSON text "\\ud800")', async () => {
    const response = await call(`/networks/${network.networkEID}/groups/`, {
      token: admin,
      headers: { 'content-type': 'application/json' },
      rawBody: '{"name":"ok","description":"half \\ud800 a pair"}',
    });
    expectRefused(response, '/body/description');
    const inName = await call(`/networks/${network.networkEID}/groups/`, {
      token: admin,
      headers: { 'content-type': 'application/json' },
      rawBody: '{"name":"\\udc00"}',
    });
    expectRefused(inName, '/body/name');
  });

  it('a control character in a query string', async () => {
    const response = await call(
      `/networks/${network.networkEID}/search/?q=${encodeURIComponent('a\u0000b')}`,
      {
        token: admin,
      },
    );
    expectRefused(response, '/query/q');
  });

  it('a name on two lines', async () => {
    const response = await call(`/networks/${network.networkEID}/groups/`, {
      token: admin,
      json: { name: 'two\nlines' },
    });
    expectRefused(response, '/body/name');
  });
});

describe('what stays allowed', () => {
  it('tab and line breaks in free text; emoji and non-Latin names', async () => {
    const created = await call<{ EID: string; description: string; name: string }>(
      kbPath(network.networkEID, 'categories/'),
      { token: admin, json: { name: 'Привет 👋', description: 'line one\r\n\tline two\nthree' } },
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ name: 'Привет 👋', description: 'line one\r\n\tline two\nthree' });
    const member = await network.newMember();
    const profile = await call(`/networks/${network.networkEID}/users/${member.profileEID}/`, {
      method: 'PUT',
      token: await member.token(),
      json: { aboutMe: 'tab\there\nand a new line', firstName: 'Zoë' },
    });
    expect(profile.status, profile.text).toBe(200);
    expect(profile.body).toMatchObject({ aboutMe: 'tab\there\nand a new line', firstName: 'Zoë' });
  });
});

describe('knowledge-base page bodies are sanitised on write', () => {
  it('stores and serves them without <script> and onerror=, keeping safe markup', async () => {
    const categoryEID = await newKbCategory(network.networkEID, admin);
    const safe = '<h2>Intro</h2><p><strong>Bold</strong> and <a href="https://example.com/">a link</a></p>';
    const created = await call<{ EID: string; body: string }>(
      kbPath(network.networkEID, `categories/${categoryEID}/pages/`),
      {
        token: admin,
        json: {
          title: 'Hostile page',
          body: `${safe}<script>alert(document.cookie)</script><img src="https://cdn.example/x.png" onerror="alert(1)"><a href="javascript:alert(2)">x</a>`,
        },
      },
    );
    expect(created.status, created.text).toBe(201);
    const page = kbPath(network.networkEID, `pages/${created.body.EID}/`);
    const served = await call<{ body: string }>(page, { token: admin });
    expect(served.status).toBe(200);
    for (const body of [created.body.body, served.body.body]) {
      expect(body).not.toMatch(/<script|alert\(|onerror|javascript:/i);
      expect(body).toContain('<h2>Intro</h2>');
      expect(body).toContain('<strong>Bold</strong>');
      expect(body).toContain('href="https://example.com/"');
      expect(body).toContain('<img src="https://cdn.example/x.png" />');
    }

    const updated = await call<{ body: string }>(page, {
      method: 'PUT',
      token: admin,
      json: { body: '<p onclick="steal()">kept</p><iframe src="https://evil.example/"></iframe>' },
    });
    expect(updated.status, updated.text).toBe(200);
    const again = await call<{ body: string }>(page, { token: admin });
    for (const body of [updated.body.body, again.body.body]) expect(body).toBe('<p>kept</p>');
  });
});
