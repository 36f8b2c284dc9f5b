/**
 * Network themes over HTTP (spec: Network theme; paths ours: docs/decisions.md, settings section):
 * edits of the fields sent, one default per network, deletion and pagination, administrators write
 * and members read, tenant isolation, and the domain events. The fields and their validation:
 * themes-fields.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventReader } from '../../support/events.js';
import { baseUrl, call, type Problem } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { createTheme, everyFieldOf, themesPath, type Theme, type ThemePage } from './themes-setup.js';

afterAll(closeFactories);

describe('network themes: edits, default, delete', () => {
  it('PUT changes only the fields sent; null clears; a header or favicon is replaced as a whole', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const fields = await everyFieldOf(network, token);
    const theme = await createTheme(network, token, fields);
    const put = (json: unknown) =>
      call<Theme>(themesPath(network, `${theme.EID}/`), { token, method: 'PUT', json });
    const edited = await put({
      name: 'Renamed',
      buttonColor: null,
      knowledgeBaseHomeHeader: { color: '#ffffff' },
      properties: { spectrum: { only: '#000001' } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      ...fields,
      name: 'Renamed',
      buttonColor: null,
      knowledgeBaseHomeHeader: { backgroundUrl: null, color: '#ffffff' },
      properties: { spectrum: { only: '#000001' } },
      created: theme.created,
    });
    const empty = await call<Problem>(themesPath(network, `${theme.EID}/`), {
      token,
      method: 'PUT',
      json: {},
    });
    expect(empty.status).toBe(400);
  });

  it('keeps at most one default theme per network', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const defaults = async () =>
      (await call<ThemePage>(themesPath(network), { token })).body._embedded.themes
        .filter((t) => t.default)
        .map((t) => t.name);
    const a = await createTheme(network, token, { name: 'A', default: true });
    expect(a.default).toBe(true);
    const b = await createTheme(network, token, { name: 'B', default: true });
    expect(b.default).toBe(true);
    expect(await defaults()).toEqual(['B']);
    await createTheme(network, token, { name: 'C' });
    expect(await defaults()).toEqual(['B']);

    const put = (eid: string, json: unknown) =>
      call<Theme>(themesPath(network, `${eid}/`), { token, method: 'PUT', json });
    expect((await put(a.EID, { default: true })).body.default).toBe(true);
    expect(await defaults()).toEqual(['A']);
    // Un-defaulting a theme that is not the default changes nothing.
    expect((await put(b.EID, { default: false })).body.default).toBe(false);
    expect(await defaults()).toEqual(['A']);
    // Un-defaulting the default leaves none, and no older default comes back.
    expect((await put(a.EID, { default: false })).body.default).toBe(false);
    expect(await defaults()).toEqual([]);
    expect((await put(b.EID, { default: true })).body.default).toBe(true);
    // Deleting the default leaves none either.
    expect((await call(themesPath(network, `${b.EID}/`), { token, method: 'DELETE' })).status).toBe(204);
    expect(await defaults()).toEqual([]);
  });

  it('leaves exactly one default when several themes are made the default at once', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const themes = await Promise.all(
      Array.from({ length: 5 }, (_, i) => createTheme(network, token, { name: `T${i}` })),
    );
    const answers = await Promise.all(
      themes.map((t) =>
        call(themesPath(network, `${t.EID}/`), { token, method: 'PUT', json: { default: true } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(5).fill(200));
    const list = await call<ThemePage>(themesPath(network), { token });
    expect(list.body._embedded.themes.filter((t) => t.default)).toHaveLength(1);
  });

  it('lists oldest first with pagination; DELETE is 204 then 404', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const first = await createTheme(network, token, { name: 'First' });
    await createTheme(network, token, { name: 'Second' });
    await createTheme(network, token, { name: 'Third' });
    const page = await call<ThemePage & { _links: Record<string, { href: string }> }>(
      themesPath(network, '?limit=2'),
      { token },
    );
    expect(page.body.total).toBe(3);
    expect(page.body._embedded.themes.map((t) => t.name)).toEqual(['First', 'Second']);
    expect(page.body._links.next?.href).toBe(`${baseUrl()}${themesPath(network, '?limit=2&offset=2')}`);
    const path = themesPath(network, `${first.EID}/`);
    expect((await call(path, { token, method: 'DELETE' })).status).toBe(204);
    const gone = await call<Problem>(path, { token });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe(-170);
    expect((await call(path, { token, method: 'DELETE' })).status).toBe(404);
    expect((await call<ThemePage>(themesPath(network), { token })).body.total).toBe(2);
  });
});

describe('network themes: who may do what', () => {
  it('members and external members read but may not create, edit or delete (403)', async () => {
    const network = await newNetwork();
    const theme = await createTheme(network, await network.admin.token(), { name: 'Admin made' });
    for (const person of [await network.newMember(), await network.newMember({ external: true })]) {
      const token = await person.token();
      expect((await call(themesPath(network), { token })).status).toBe(200);
      const create = await call<Problem>(themesPath(network), { token, json: { name: 'Mine' } });
      expect(create.status).toBe(403);
      expect(create.body.code).toBe(-103);
      const edit = await call(themesPath(network, `${theme.EID}/`), {
        token,
        method: 'PUT',
        json: { name: 'Mine' },
      });
      expect(edit.status).toBe(403);
      const remove = await call(themesPath(network, `${theme.EID}/`), { token, method: 'DELETE' });
      expect(remove.status).toBe(403);
    }
    const after = await call<Theme>(themesPath(network, `${theme.EID}/`), {
      token: await network.admin.token(),
    });
    expect(after.body.name).toBe('Admin made');
  });

  it('never reveals another network’s theme (404 through either network)', async () => {
    const [a, b] = await Promise.all([newNetwork(), newNetwork()]);
    const theme = await createTheme(a, await a.admin.token(), { name: 'A only' });
    const bToken = await b.admin.token();
    // Through A's path: B's admin is not a member of A.
    expect((await call(themesPath(a, `${theme.EID}/`), { token: bToken })).status).toBe(404);
    expect((await call(themesPath(a), { token: bToken })).status).toBe(404);
    // Through B's own path with A's theme EID: not a theme of B.
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await call<Problem>(themesPath(b, `${theme.EID}/`), {
        token: bToken,
        method,
        ...(method === 'PUT' ? { json: { name: 'Hijacked' } } : {}),
      });
      expect(response.status, method).toBe(404);
      expect(response.body.code, method).toBe(-170);
    }
    const intact = await call<Theme>(themesPath(a, `${theme.EID}/`), { token: await a.admin.token() });
    expect(intact.body.name).toBe('A only');
  });
});

describe('network themes: domain events', () => {
  const reader = new EventReader();
  beforeAll(() => reader.open());
  afterAll(() => reader.close());
  const eventsOf = (subject: string, networkEID: string, count: number) =>
    reader.eventsOf(subject, networkEID, count);

  it('records auth.theme.created, updated and deleted through the outbox', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const theme = await createTheme(network, token, { name: 'Evented' });
    await call(themesPath(network, `${theme.EID}/`), {
      token,
      method: 'PUT',
      json: { linkColor: '#123456' },
    });
    await call(themesPath(network, `${theme.EID}/`), { token, method: 'DELETE' });
    const actor = { type: 'user', EID: network.admin.profileEID };
    expect(await eventsOf('events.auth.theme.created', network.networkEID, 1)).toEqual([
      expect.objectContaining({
        actor,
        data: { theme: expect.objectContaining({ EID: theme.EID, name: 'Evented' }) },
      }),
    ]);
    expect(await eventsOf('events.auth.theme.updated', network.networkEID, 1)).toEqual([
      expect.objectContaining({ data: { theme: expect.objectContaining({ linkColor: '#123456' }) } }),
    ]);
    expect(await eventsOf('events.auth.theme.deleted', network.networkEID, 1)).toEqual([
      expect.objectContaining({ data: { theme: { type: 'network_theme', EID: theme.EID } } }),
    ]);
  });
});
