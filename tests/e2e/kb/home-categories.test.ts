/**
 * Knowledge base over HTTP: the home (created once, PUT without `title`, translated default title)
 * and categories (admins create/edit/view/delete, nesting, audienceType, highlight, header
 * properties), with tenant and permission checks (spec: Knowledge base; docs/decisions.md).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, call, type Problem } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { kbPath, newKbCategory, newKbPage } from '../../support/factories/kb.js';

afterAll(closeFactories);

describe('knowledge-base home', () => {
  it('is created with defaults on the first GET, exactly once under 10 concurrent first requests', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => call(kbPath(network.networkEID, 'home/'), { token })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const eids = new Set(responses.map((r) => r.body.EID));
    expect(eids.size).toBe(1);
    expect(responses[0]!.body).toMatchObject({
      type: 'kb_home',
      title: 'Knowledge Base',
      titleCustomised: false,
      description: '',
      headerBackgroundUrl: null,
      headerColor: null,
      showHighlightedCategories: true,
      created: expect.stringMatching(/\+00:00$/),
    });
    const links = responses[0]!.body._links as Record<string, { href: string }>;
    expect(links.self?.href).toBe(`${baseUrl()}${kbPath(network.networkEID, 'home/')}`);
    // A later read finds the same home.
    const again = await call(kbPath(network.networkEID, 'home/'), { token });
    expect(again.body.EID).toBe(responses[0]!.body.EID);
  });

  it('answers the default title in the caller’s language (nl vs en), until a static title is set', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const home = kbPath(network.networkEID, 'home/');
    const nl = await call(home, { token, headers: { 'accept-language': 'nl-NL,nl;q=0.9,en;q=0.5' } });
    expect(nl.body.title).toBe('Kennisbank');
    const en = await call(home, { token, headers: { 'accept-language': 'en-GB' } });
    expect(en.body.title).toBe('Knowledge Base');
    const unknown = await call(home, { token, headers: { 'accept-language': 'xx' } });
    expect(unknown.body.title).toBe('Knowledge Base');

    const patched = await call(kbPath(network.networkEID, 'home/title'), {
      token,
      method: 'PATCH',
      json: { title: 'Our wiki' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ title: 'Our wiki', titleCustomised: true });
    const nlAfter = await call(home, { token, headers: { 'accept-language': 'nl' } });
    expect(nlAfter.body.title).toBe('Our wiki');

    const reset = await call(kbPath(network.networkEID, 'home/title'), {
      token,
      method: 'PATCH',
      json: { title: null },
    });
    expect(reset.body).toMatchObject({ title: 'Knowledge Base', titleCustomised: false });
  });

  it('PUT updates home fields, rejects `title` with a 400 naming it, and ignores nothing silently', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const put = (json: unknown) => call(kbPath(network.networkEID, 'home'), { token, method: 'PUT', json });
    const updated = await put({ description: 'Everything we know', headerColor: '#112233' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ description: 'Everything we know', headerColor: '#112233' });

    const withTitle = await put({ title: 'New title', description: 'x' });
    expect(withTitle.status).toBe(400);
    expect((withTitle.body as unknown as Problem).errors).toEqual([
      expect.objectContaining({ pointer: '/body/title' }),
    ]);
    const home = await call(kbPath(network.networkEID, 'home/'), { token });
    expect(home.body).toMatchObject({ title: 'Knowledge Base', description: 'Everything we know' });

    for (const [json, pointer] of [
      [{ EID: '0123456789abcdef01234567' }, '/body/EID'],
      [{ networkEID: '0123456789abcdef01234567' }, '/body/networkEID'],
      [{ headerColor: 'red' }, '/body/headerColor'],
    ] as const) {
      const bad = await put(json);
      expect(bad.status).toBe(400);
      expect((bad.body as unknown as Problem).errors?.[0]?.pointer).toBe(pointer);
    }
  });

  it('lets only MANAGE_KNOWLEDGE_BASE holders change the home (403 for a member)', async () => {
    const network = await newNetwork();
    const member = await network.newMember();
    const token = await member.token();
    const read = await call(kbPath(network.networkEID, 'home/'), { token });
    expect(read.status).toBe(200);
    const put = await call(kbPath(network.networkEID, 'home'), {
      token,
      method: 'PUT',
      json: { description: 'mine' },
    });
    expect(put.status).toBe(403);
    expect((put.body as unknown as Problem).code).toBe(-203);
    const title = await call(kbPath(network.networkEID, 'home/title'), {
      token,
      method: 'PATCH',
      json: { title: 'mine' },
    });
    expect(title.status).toBe(403);
  });

  it('is 404 for a network the caller is not a member of', async () => {
    const [a, b] = await Promise.all([newNetwork(), newNetwork()]);
    const response = await call(kbPath(a.networkEID, 'home/'), { token: await b.admin.token() });
    expect(response.status).toBe(404);
  });
});

describe('knowledge-base categories', () => {
  it('admins create, view, edit and delete a category', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const created = await call(kbPath(network.networkEID, 'categories/'), {
      token,
      json: {
        name: 'HR',
        description: 'People matters',
        audienceType: 'everyone',
        headerBackgroundUrl: 'https://cdn.example/hr.png',
        headerColor: '#aabbcc',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'kb_category',
      name: 'HR',
      description: 'People matters',
      audienceType: 'everyone',
      headerBackgroundUrl: 'https://cdn.example/hr.png',
      headerColor: '#aabbcc',
      parent: null,
      highlightedAt: null,
    });
    const eid = String(created.body.EID);
    const path = kbPath(network.networkEID, `categories/${eid}/`);
    const links = created.body._links as Record<string, { href: string }>;
    expect(links.self?.href).toBe(`${baseUrl()}${path}`);
    expect(links.pages?.href).toBe(`${baseUrl()}${path}pages/`);

    const read = await call(path, { token });
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('HR');

    const edited = await call(path, { token, method: 'PUT', json: { name: 'Human resources' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Human resources', description: 'People matters' });

    const list = await call<{ total: number; _embedded: { categories: { EID: string }[] } }>(
      kbPath(network.networkEID, 'categories/'),
      { token },
    );
    expect(list.body.total).toBe(1);
    expect(list.body._embedded.categories.map((c) => c.EID)).toEqual([eid]);

    const deleted = await call(path, { token, method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await call(path, { token })).status).toBe(404);
  });

  it('validates category fields with a 400 naming the field', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const create = (json: unknown) => call(kbPath(network.networkEID, 'categories/'), { token, json });
    for (const [json, pointer] of [
      [{}, '/body/name'],
      [{ name: '' }, '/body/name'],
      [{ name: 'x', audienceType: 'martians' }, '/body/audienceType'],
      [{ name: 'x', headerColor: '#12345' }, '/body/headerColor'],
      [{ name: 'x', headerBackgroundUrl: 'javascript:alert(1)' }, '/body/headerBackgroundUrl'],
      [{ name: 'x', highlightedAt: '2020-01-01T00:00:00+00:00' }, '/body/highlightedAt'],
      [{ name: 'x', EID: '0123456789abcdef01234567' }, '/body/EID'],
    ] as const) {
      const response = await create(json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect((response.body as unknown as Problem).errors?.map((e) => e.pointer)).toContain(pointer);
    }
    const eid = await newKbCategory(network.networkEID, token);
    const edit = await call(kbPath(network.networkEID, `categories/${eid}/`), {
      token,
      method: 'PUT',
      json: { highlightedAt: '2020-01-01T00:00:00+00:00' },
    });
    expect(edit.status).toBe(400);
    expect((edit.body as unknown as Problem).errors?.[0]?.pointer).toBe('/body/highlightedAt');
  });

  it('nests one level: a child of a top-level category, never a grandchild', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const top = await newKbCategory(network.networkEID, token, { name: 'Top' });
    const child = await call(kbPath(network.networkEID, 'categories/'), {
      token,
      json: { name: 'Child', parent: { type: 'kb_category', EID: top } },
    });
    expect(child.status).toBe(201);
    expect(child.body.parent).toEqual({ type: 'kb_category', EID: top });
    const links = child.body._links as Record<string, { href: string }>;
    expect(links.parent?.href).toBe(`${baseUrl()}${kbPath(network.networkEID, `categories/${top}/`)}`);

    const grandchild = await call<Problem>(kbPath(network.networkEID, 'categories/'), {
      token,
      json: { name: 'Grandchild', parent: { type: 'kb_category', EID: String(child.body.EID) } },
    });
    expect(grandchild.status).toBe(400);
    expect(grandchild.body.code).toBe(-205);
    expect(grandchild.body.errors?.[0]?.pointer).toBe('/body/parent');

    const children = await call<{ total: number }>(
      `${kbPath(network.networkEID, 'categories/')}?parent=${top}`,
      { token },
    );
    expect(children.body.total).toBe(1);

    // A category with children (or live pages) is not deleted.
    const blocked = await call<Problem>(kbPath(network.networkEID, `categories/${top}/`), {
      token,
      method: 'DELETE',
    });
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe(-206);
  });

  it('keeps a category with live pages; allows deleting one whose pages are all soft-deleted', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const eid = await newKbCategory(network.networkEID, token);
    const page = await newKbPage(network.networkEID, eid, token);
    const path = kbPath(network.networkEID, `categories/${eid}/`);
    expect((await call(path, { token, method: 'DELETE' })).status).toBe(409);
    await call(kbPath(network.networkEID, `pages/${page}/`), { token, method: 'DELETE' });
    expect((await call(path, { token, method: 'DELETE' })).status).toBe(204);
  });

  it('highlight sets highlightedAt and unhighlight clears it, both idempotent', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const eid = await newKbCategory(network.networkEID, token);
    const action = (name: string) =>
      call(kbPath(network.networkEID, `categories/${eid}/${name}`), { token, method: 'POST' });
    const first = await action('highlight');
    expect(first.status).toBe(200);
    expect(first.body.highlightedAt).toMatch(/T.*\+00:00$/);
    const second = await action('highlight');
    expect(second.body.highlightedAt).toBe(first.body.highlightedAt);
    const cleared = await action('unhighlight');
    expect(cleared.status).toBe(200);
    expect(cleared.body.highlightedAt).toBeNull();
    expect((await action('unhighlight')).body.highlightedAt).toBeNull();
  });

  it('hides `internal` categories (and their children) from external members', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const internal = await newKbCategory(network.networkEID, token, { audienceType: 'internal' });
    const child = await newKbCategory(network.networkEID, token, {
      parent: { type: 'kb_category', EID: internal },
    });
    const open = await newKbCategory(network.networkEID, token);
    const external = await (await network.newMember({ external: true })).token();
    const member = await (await network.newMember()).token();
    for (const eid of [internal, child]) {
      expect((await call(kbPath(network.networkEID, `categories/${eid}/`), { token: external })).status).toBe(
        404,
      );
      expect((await call(kbPath(network.networkEID, `categories/${eid}/`), { token: member })).status).toBe(
        200,
      );
    }
    const list = await call<{ _embedded: { categories: { EID: string }[] } }>(
      kbPath(network.networkEID, 'categories/'),
      { token: external },
    );
    expect(list.body._embedded.categories.map((c) => c.EID)).toEqual([open]);
  });

  it('lets members view but not create, edit, highlight or delete categories (403)', async () => {
    const network = await newNetwork();
    const admin = await network.admin.token();
    const eid = await newKbCategory(network.networkEID, admin);
    const token = await (await network.newMember()).token();
    const path = kbPath(network.networkEID, `categories/${eid}/`);
    expect((await call(path, { token })).status).toBe(200);
    const attempts = [
      call(kbPath(network.networkEID, 'categories/'), { token, json: { name: 'x' } }),
      call(path, { token, method: 'PUT', json: { name: 'y' } }),
      call(`${path}highlight`, { token, method: 'POST' }),
      call(`${path}unhighlight`, { token, method: 'POST' }),
      call(path, { token, method: 'DELETE' }),
    ];
    expect((await Promise.all(attempts)).map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect((await call(path, { token: admin })).body.name).not.toBe('y');
  });

  it('answers 404 for another network’s category, read with a valid token of the other network', async () => {
    const [a, b] = await Promise.all([newNetwork(), newNetwork()]);
    const eid = await newKbCategory(a.networkEID, await a.admin.token());
    const tokenB = await b.admin.token();
    const path = kbPath(b.networkEID, `categories/${eid}/`);
    expect((await call(path, { token: tokenB })).status).toBe(404);
    expect((await call(path, { token: tokenB, method: 'PUT', json: { name: 'x' } })).status).toBe(404);
    expect((await call(`${path}highlight`, { token: tokenB, method: 'POST' })).status).toBe(404);
    expect((await call(path, { token: tokenB, method: 'DELETE' })).status).toBe(404);
    expect((await call(`${path}pages/`, { token: tokenB })).status).toBe(404);
    // And the category is untouched in its own network.
    const own = await call(kbPath(a.networkEID, `categories/${eid}/`), { token: await a.admin.token() });
    expect(own.status).toBe(200);
  });
});
