/**
 * Network themes over HTTP (spec: Network theme; paths ours: docs/decisions.md, settings section):
 * every field of the spec's table and the later additions, `#rrggbb` and URL validation with a 400
 * naming the field, and no mass assignment. Edits, the default, who may write, tenant isolation and
 * the domain events: themes-editing.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, call, type Problem } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { createTheme, everyFieldOf, themesPath, type Theme, type ThemePage } from './themes-setup.js';

afterAll(closeFactories);

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
