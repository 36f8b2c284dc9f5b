/**
 * Network themes over HTTP (spec: Network theme; paths ours: docs/decisions.md, settings section):
 * every field of the spec's table and the later additions, `#rrggbb` and URL validation with a 400
 * naming the field, no mass assignment, one default per network, administrators write and members
 * read, tenant isolation, and the domain events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventReader } from '../../support/events.js';
import { baseUrl, call, type Problem } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { newTemporaryFile } from '../../support/factories/attachments.js';

afterAll(closeFactories);

type Theme = Record<string, unknown> & {
  EID: string;
  default: boolean;
  _links: Record<string, { href: string }>;
};
interface ThemePage {
  total: number;
  _embedded: { themes: Theme[] };
}

const themesPath = (network: TestNetwork, rest = '') => `/networks/${network.networkEID}/themes/${rest}`;

async function createTheme(network: TestNetwork, token: string, fields: Record<string, unknown> = {}) {
  const response = await call<Theme>(themesPath(network), { token, json: { name: 'Theme', ...fields } });
  if (response.status !== 201) throw new Error(`theme: ${response.status} ${response.text}`);
  return response.body;
}

/** Every field; the emblem an image the admin uploaded (files: branding images are network assets). */
async function everyFieldOf(network: TestNetwork, token: string) {
  const emblem = await newTemporaryFile(network.networkEID, token);
  return { ...everyField, emblem: { type: 'file', EID: emblem.EID } };
}

const everyField = {
  name: 'Corporate',
  default: true,
  backgroundUrl: 'https://cdn.example/bg.png',
  buttonColor: '#112233',
  headerColor: '#AABBCC',
  linkColor: '#0000ff',
  tertiary: '#123abc',
  groupHeaderBackgroundUrl: 'https://cdn.example/group.png',
  newsHeaderBackgroundUrl: '/files/news.png',
  eventHeaderBackgroundUrl: 'https://cdn.example/event.png',
  userHeaderBackgroundUrl: 'https://cdn.example/user.png',
  loginBackgroundUrls: ['https://cdn.example/login1.png', 'https://cdn.example/login2.png'],
  favicon: { url: 'https://cdn.example/favicon.ico', mimeType: 'image/x-icon' },
  properties: { spectrum: { primary: '#102030', '50': '#f0f0f0', 'accent-2': '#abcdef' } },
  knowledgeBaseHomeHeader: { backgroundUrl: 'https://cdn.example/kb.png', color: '#010203' },
  knowledgeBaseCategoryHeader: { color: '#040506' },
  knowledgeBasePageHeader: { backgroundUrl: '/kb/page.png' },
};

describe('network themes: fields', () => {
  it('administrators create a theme with every field of the spec and the later additions; members read it', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const fields = await everyFieldOf(network, token);
    const created = await call<Theme>(themesPath(network), { token, json: fields });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'network_theme',
      EID: expect.stringMatching(/^[0-9a-f]{24}$/),
      ...fields,
      knowledgeBaseCategoryHeader: { backgroundUrl: null, color: '#040506' },
      knowledgeBasePageHeader: { backgroundUrl: '/kb/page.png', color: null },
      // Files (media): the thumbnail of the emblem file.
      emblemThumbnailUrl: `/networks/${network.networkEID}/files/${fields.emblem.EID}/thumbnails/270x270`,
      created: expect.stringMatching(/\+00:00$/),
      lastModified: expect.stringMatching(/\+00:00$/),
    });
    const self = `${baseUrl()}${themesPath(network, `${created.body.EID}/`)}`;
    expect(created.body._links).toEqual({
      self: { href: self },
      network: { href: `${baseUrl()}/networks/${network.networkEID}/` },
    });
    for (const reader of [await network.newMember(), await network.newMember({ external: true })]) {
      const read = await call<Theme>(themesPath(network, `${created.body.EID}/`), {
        token: await reader.token(),
      });
      expect(read.status).toBe(200);
      expect(read.body).toEqual(created.body);
    }
  });

  it('gives a minimal theme nulls, empty lists and an empty spectrum', async () => {
    const network = await newNetwork();
    const theme = await createTheme(network, await network.admin.token(), { name: 'Plain' });
    expect(theme).toMatchObject({
      name: 'Plain',
      default: false,
      backgroundUrl: null,
      buttonColor: null,
      headerColor: null,
      linkColor: null,
      tertiary: null,
      groupHeaderBackgroundUrl: null,
      newsHeaderBackgroundUrl: null,
      eventHeaderBackgroundUrl: null,
      userHeaderBackgroundUrl: null,
      loginBackgroundUrls: [],
      emblem: null,
      emblemThumbnailUrl: null,
      favicon: null,
      properties: { spectrum: {} },
      knowledgeBaseHomeHeader: null,
      knowledgeBaseCategoryHeader: null,
      knowledgeBasePageHeader: null,
    });
  });

  it('rejects colours that are not #rrggbb with a 400 naming the field, on create and edit', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    const theme = await createTheme(network, token, { buttonColor: '#000000' });
    const cases: [Record<string, unknown>, string][] = [];
    for (const bad of ['red', '#fff', '#GGHHII', '112233', '#1122334', '#11223', ' #112233', '']) {
      cases.push(
        [{ buttonColor: bad }, '/body/buttonColor'],
        [{ headerColor: bad }, '/body/headerColor'],
        [{ linkColor: bad }, '/body/linkColor'],
        [{ tertiary: bad }, '/body/tertiary'],
      );
    }
    cases.push(
      [{ properties: { spectrum: { primary: 'blue' } } }, '/body/properties/spectrum/primary'],
      [{ properties: { spectrum: { 'bad key!': '#112233' } } }, '/body/properties/spectrum/bad key!'],
      [{ properties: { spectrum: { $where: '#112233' } } }, '/body/properties/spectrum/$where'],
      [{ properties: { other: {} } }, '/body/properties/other'],
      [{ knowledgeBaseHomeHeader: { color: 'rgb(1,2,3)' } }, '/body/knowledgeBaseHomeHeader'],
    );
    for (const [fields, pointer] of cases) {
      const create = await call<Problem>(themesPath(network), { token, json: { name: 'Bad', ...fields } });
      expect(create.status, JSON.stringify(fields)).toBe(400);
      expect(
        create.body.errors?.map((e) => e.pointer),
        JSON.stringify(fields),
      ).toContain(pointer);
      const edit = await call<Problem>(themesPath(network, `${theme.EID}/`), {
        token,
        method: 'PUT',
        json: fields,
      });
      expect(edit.status, JSON.stringify(fields)).toBe(400);
      expect(
        edit.body.errors?.map((e) => e.pointer),
        JSON.stringify(fields),
      ).toContain(pointer);
    }
    const list = await call<ThemePage>(themesPath(network), { token });
    expect(list.body.total).toBe(1);
    const after = await call<Theme>(themesPath(network, `${theme.EID}/`), { token });
    expect(after.body).toMatchObject({
      buttonColor: '#000000',
      headerColor: null,
      properties: { spectrum: {} },
    });
  });

  it('validates URLs, the favicon, the emblem reference and the name', async () => {
    const network = await newNetwork();
    const token = await network.admin.token();
    for (const [fields, pointer] of [
      [{ backgroundUrl: 'javascript:alert(1)' }, '/body/backgroundUrl'],
      [{ userHeaderBackgroundUrl: 'relative/no-slash.png' }, '/body/userHeaderBackgroundUrl'],
      [{ loginBackgroundUrls: ['/relative.png'] }, '/body/loginBackgroundUrls/0'],
      [{ loginBackgroundUrls: 'https://one.example/' }, '/body/loginBackgroundUrls'],
      [{ favicon: { mimeType: 'image/png' } }, '/body/favicon'],
      [{ favicon: { url: 'https://x.example/f.gif', mimeType: 'image/gif' } }, '/body/favicon'],
      [{ emblem: { type: 'file', EID: 'nope' } }, '/body/emblem'],
      [{ emblem: { EID: '0123456789abcdef01234567' } }, '/body/emblem'],
      [{ name: '' }, '/body/name'],
      [{ name: '   ' }, '/body/name'],
      [{ default: 'yes' }, '/body/default'],
    ] as const) {
      const response = await call<Problem>(themesPath(network), { token, json: { name: 'T', ...fields } });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(
        response.body.errors?.map((e) => e.pointer),
        JSON.stringify(fields),
      ).toContain(pointer);
    }
    const missingName = await call<Problem>(themesPath(network), { token, json: { buttonColor: '#112233' } });
    expect(missingName.body.errors?.[0]?.pointer).toBe('/body/name');
    expect((await call<ThemePage>(themesPath(network), { token })).body.total).toBe(0);
  });

  it('refuses EID, networkEID, _id, emblemThumbnailUrl and other read-only fields (no mass assignment)', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const token = await network.admin.token();
    const theme = await createTheme(network, token, { name: 'Kept' });
    for (const [field, value] of [
      ['EID', '0123456789abcdef01234567'],
      ['networkEID', other.networkEID],
      ['_id', '0123456789abcdef01234567'],
      ['emblemThumbnailUrl', 'https://evil.example/thumb.png'],
      ['created', '2020-01-01T00:00:00+00:00'],
      ['defaultAt', '2020-01-01T00:00:00+00:00'],
      ['type', 'network'],
    ] as const) {
      const create = await call<Problem>(themesPath(network), { token, json: { name: 'X', [field]: value } });
      expect(create.status, field).toBe(400);
      expect(create.body.errors?.[0]?.pointer).toBe(`/body/${field}`);
      const edit = await call<Problem>(themesPath(network, `${theme.EID}/`), {
        token,
        method: 'PUT',
        json: { name: 'Changed', [field]: value },
      });
      expect(edit.status, field).toBe(400);
      expect(edit.body.errors?.[0]?.pointer).toBe(`/body/${field}`);
    }
    const list = await call<ThemePage>(themesPath(network), { token });
    expect(list.body._embedded.themes).toEqual([
      expect.objectContaining({ EID: theme.EID, name: 'Kept', emblemThumbnailUrl: null }),
    ]);
    expect((await call<ThemePage>(themesPath(other), { token: await other.admin.token() })).body.total).toBe(
      0,
    );
  });
});

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
