/**
 * Files: branding images are network assets. A theme's images (`backgroundUrl`, the
 * header and login backgrounds, the favicon URL: a file's download path, relative or absolute) and
 * its emblem `{type: 'file', EID}` may name images the administrator uploaded as TEMPORARY files:
 * once named they are network assets, read by every member (in no group at all) and never temporary
 * again; `emblemThumbnailUrl` is a real 270x270 thumbnail. A file of another network, a kind `file`
 * upload or someone else's temporary file is 400 naming the field, and nothing changes. A group's
 * images and the network's emblem likewise. The network's favicon, default avatar and default
 * emblems: theme-images-network-defaults.test.ts. Decisions: "Branding images are network assets".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call } from '../../support/api.js';
import { fileRef, newTemporaryFile, postWithFiles } from '../../support/factories/attachments.js';
import { closeFactories } from '../../support/factories/core.js';
import { filePath } from '../../support/factories/files.js';
import { groupsPath, newGroup } from '../../support/factories/groups.js';
import { messagesPath } from '../../support/factories/messages.js';
import { flatImage, getBytes, imageInfo } from '../../support/factories/media.js';
import {
  adminToken,
  download,
  memberToken,
  network,
  other,
  outsiderToken,
  readFile,
  temporaryImage,
  thumbnail270,
  useThemeImagesNetworks,
  type Problem,
  type Ref,
} from './theme-images-setup.js';

afterAll(closeFactories);
useThemeImagesNetworks();

interface ThemeBody {
  EID: string;
  name: string;
  backgroundUrl: string | null;
  loginBackgroundUrls: string[];
  emblem: { type: string; EID: string } | null;
  emblemThumbnailUrl: string | null;
  favicon: { url: string; mimeType?: string } | null;
}

describe('a theme naming temporary uploads', () => {
  let theme: ThemeBody;
  let emblemEID: string;
  let backgroundEID: string;
  let loginEID: string;
  let faviconEID: string;
  let backgroundBytes: Buffer;
  let faviconBytes: Buffer;

  beforeAll(async () => {
    backgroundBytes = await flatImage(640, 360, 'jpeg');
    faviconBytes = await flatImage(32, 32, 'png');
    const [emblem, background, login, favicon] = await Promise.all([
      temporaryImage(await flatImage(500, 400, 'png', true), 'emblem.png'),
      temporaryImage(backgroundBytes, 'background.jpg'),
      temporaryImage(await flatImage(800, 600, 'jpeg'), 'login.jpg'),
      temporaryImage(faviconBytes, 'favicon.png'),
    ]);
    [emblemEID, backgroundEID, loginEID, faviconEID] = [emblem.EID, background.EID, login.EID, favicon.EID];
    // Before the theme names them, a member does not see the admin's temporary files.
    expect((await readFile(backgroundEID, memberToken)).status).toBe(404);
    const created = await call<ThemeBody>(`/networks/${network.networkEID}/themes/`, {
      token: adminToken,
      json: {
        name: 'Brand',
        backgroundUrl: download(backgroundEID),
        loginBackgroundUrls: ['https://cdn.example/login.png', `${baseUrl()}${download(loginEID)}`],
        emblem: fileRef(emblemEID),
        favicon: { url: download(faviconEID), mimeType: 'image/png' },
      },
    });
    expect(created.status, created.text).toBe(201);
    theme = created.body;
  });

  it('has a real emblemThumbnailUrl that a member in no group reads: a 270x270 thumbnail', async () => {
    expect(theme.emblemThumbnailUrl).toBe(thumbnail270(emblemEID));
    const read = await getBytes(theme.emblemThumbnailUrl!, memberToken);
    expect(read.status, read.text).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(await imageInfo(read.bytes)).toEqual({ width: 270, height: 270, format: 'png' });
  });

  it('serves its background, login background and favicon to that member, byte for byte', async () => {
    const background = await getBytes(theme.backgroundUrl!, memberToken);
    expect(background.status, background.text).toBe(200);
    expect(background.bytes.equals(backgroundBytes)).toBe(true);
    const login = await getBytes(download(loginEID), memberToken);
    expect(login.status, login.text).toBe(200);
    expect(await imageInfo(login.bytes)).toMatchObject({ width: 800, height: 600 });
    const favicon = await getBytes(theme.favicon!.url, memberToken);
    expect(favicon.status, favicon.text).toBe(200);
    expect(favicon.headers.get('content-type')).toBe('image/png');
    expect(favicon.bytes.equals(faviconBytes)).toBe(true);
  });

  it('made the files network assets: no longer temporary (the sweep leaves them)', async () => {
    for (const EID of [emblemEID, backgroundEID, loginEID, faviconEID]) {
      const read = await readFile(EID, memberToken);
      expect(read.status, read.text).toBe(200);
      expect(read.body.temporary).toBe(false);
    }
  });

  it('is still 404 to a member of another network', async () => {
    for (const path of [
      theme.emblemThumbnailUrl!,
      theme.backgroundUrl!,
      filePath(network.networkEID, emblemEID),
    ])
      expect((await getBytes(path, outsiderToken)).status, path).toBe(404);
  });

  it('refuses a file of another network, a kind `file` upload and someone else’s temporary file (400 naming the field), and changes nothing', async () => {
    const [elsewhere, plain, members, fresh] = await Promise.all([
      newTemporaryFile(other.networkEID, outsiderToken, await flatImage(10, 10)),
      newTemporaryFile(network.networkEID, adminToken, Buffer.from('plain text'), {
        kind: 'file',
        filename: 'notes.txt',
      }),
      newTemporaryFile(network.networkEID, memberToken, await flatImage(10, 10)),
      temporaryImage(await flatImage(12, 12)),
    ]);
    const before = await call<ThemeBody>(`/networks/${network.networkEID}/themes/${theme.EID}/`, {
      token: adminToken,
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ backgroundUrl: filePath(other.networkEID, elsewhere.EID, 'download') }, '/body/backgroundUrl'],
      [{ emblem: fileRef(elsewhere.EID) }, '/body/emblem'],
      [
        {
          backgroundUrl: download(fresh.EID),
          loginBackgroundUrls: [`${baseUrl()}${download(fresh.EID)}`, `${baseUrl()}${download(plain.EID)}`],
        },
        '/body/loginBackgroundUrls/1',
      ],
      [
        { emblem: fileRef(fresh.EID), knowledgeBaseHomeHeader: { backgroundUrl: download(members.EID) } },
        '/body/knowledgeBaseHomeHeader/backgroundUrl',
      ],
      [{ favicon: { url: `https://api.example${download(members.EID)}` } }, '/body/favicon/url'],
      [{ userHeaderBackgroundUrl: thumbnail270(plain.EID) }, '/body/userHeaderBackgroundUrl'],
    ];
    for (const [json, pointer] of cases) {
      const refused = await call<Problem>(`/networks/${network.networkEID}/themes/${theme.EID}/`, {
        token: adminToken,
        method: 'PUT',
        json,
      });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.code).toBe(-397);
      expect(refused.body.errors?.map((error) => error.pointer)).toEqual([pointer]);
    }
    const after = await call<ThemeBody>(`/networks/${network.networkEID}/themes/${theme.EID}/`, {
      token: adminToken,
    });
    expect(after.body).toEqual(before.body);
    // Nothing half-written: the good file of a refused write is still the admin's temporary file.
    expect((await readFile(fresh.EID, adminToken)).body.temporary).toBe(true);
    expect((await readFile(fresh.EID, memberToken)).status).toBe(404);
  });

  it('takes the same file again (idempotent) and external URLs as before', async () => {
    const again = await call<ThemeBody>(`/networks/${network.networkEID}/themes/`, {
      token: adminToken,
      json: {
        name: 'Again',
        emblem: fileRef(emblemEID),
        backgroundUrl: 'https://cdn.example/bg.png',
        groupHeaderBackgroundUrl: '/static/group.png',
      },
    });
    expect(again.status, again.text).toBe(201);
    expect(again.body).toMatchObject({
      emblemThumbnailUrl: thumbnail270(emblemEID),
      backgroundUrl: 'https://cdn.example/bg.png',
    });
  });

  it('stays an asset when a message it was attached to drops it (never temporary again)', async () => {
    const posted = await postWithFiles(network.networkEID, adminToken, { images: [fileRef(backgroundEID)] });
    expect(posted.status, posted.text).toBe(201);
    const edited = await call(messagesPath(network.networkEID, `${posted.body.EID}/`), {
      method: 'PUT',
      token: adminToken,
      json: { htmlBody: '<p>Without the image</p>', images: [] },
    });
    expect(edited.status, edited.text).toBe(200);
    const read = await readFile(backgroundEID, memberToken);
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({ temporary: false, message: null });
  });

  it('has no thumbnail URL for an emblem that is not a file', async () => {
    const news = await call<ThemeBody>(`/networks/${network.networkEID}/themes/`, {
      token: adminToken,
      json: { name: 'Other', emblem: { type: 'news', EID: emblemEID } },
    });
    expect(news.status, news.text).toBe(201);
    expect(news.body.emblemThumbnailUrl).toBeNull();
  });

  it("a group's emblem may be the asset: the member reads its thumbnail", async () => {
    const group = await newGroup(network.networkEID, adminToken, { name: 'Runners' });
    const edited = await call<{ emblemThumbnailUrl: string | null }>(
      groupsPath(network.networkEID, `${group.EID}/`),
      { token: adminToken, method: 'PUT', json: { emblem: fileRef(emblemEID) } },
    );
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.emblemThumbnailUrl).toBe(thumbnail270(emblemEID));
    const read = await getBytes(edited.body.emblemThumbnailUrl!, memberToken);
    expect(read.status, read.text).toBe(200);
    expect(await imageInfo(read.bytes)).toMatchObject({ width: 270, height: 270 });
  });

  it("a group's own images: its admin's temporary upload becomes an asset another member reads; someone else's is 400", async () => {
    const owner = await network.newMember();
    const ownerToken = await owner.token();
    const group = await newGroup(network.networkEID, ownerToken, { name: 'Cyclists' });
    const [emblem, header] = await Promise.all([
      newTemporaryFile(network.networkEID, ownerToken, await flatImage(300, 300, 'png'), {
        filename: 'cyclists.png',
      }),
      newTemporaryFile(network.networkEID, ownerToken, await flatImage(900, 300, 'jpeg'), {
        filename: 'header.jpg',
      }),
    ]);
    // Someone else's temporary file (the network admin's): 400 naming the field, nothing written.
    const foreign = await temporaryImage(await flatImage(64, 64, 'png'), 'not-yours.png');
    const refused = await call<Problem>(groupsPath(network.networkEID, `${group.EID}/`), {
      token: ownerToken,
      method: 'PUT',
      json: { emblem: fileRef(foreign.EID) },
    });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.errors?.[0]?.pointer).toBe('/body/emblem');
    const unchanged = await call<{ emblem: Ref }>(groupsPath(network.networkEID, `${group.EID}/`), {
      token: ownerToken,
    });
    expect(unchanged.body.emblem).toBeNull();

    const edited = await call<{ emblemThumbnailUrl: string | null; headerBackgroundUrl: string | null }>(
      groupsPath(network.networkEID, `${group.EID}/`),
      {
        token: ownerToken,
        method: 'PUT',
        json: { emblem: fileRef(emblem.EID), headerBackgroundUrl: download(header.EID) },
      },
    );
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.emblemThumbnailUrl).toBe(thumbnail270(emblem.EID));
    // A member who is not in the group reads both; they are no longer temporary.
    const thumbnail = await getBytes(edited.body.emblemThumbnailUrl!, memberToken);
    expect(thumbnail.status, thumbnail.text).toBe(200);
    expect((await getBytes(edited.body.headerBackgroundUrl!, memberToken)).status).toBe(200);
    for (const EID of [emblem.EID, header.EID]) {
      const file = await readFile(EID, memberToken);
      expect(file.status, file.text).toBe(200);
      expect(file.body.temporary).toBe(false);
    }
  });

  describe("the network's emblem", () => {
    const readNetwork = () =>
      call<{ emblem: Ref; emblemThumbnailUrl: string | null }>(`/networks/${network.networkEID}/`, {
        token: memberToken,
      });

    it("is its default theme's emblem: the thumbnail of the file", async () => {
      const made = await call<ThemeBody>(`/networks/${network.networkEID}/themes/`, {
        token: adminToken,
        json: { name: 'Network brand', default: true, emblem: fileRef(emblemEID) },
      });
      expect(made.status, made.text).toBe(201);
      const after = await readNetwork();
      expect(after.body.emblem).toEqual({ type: 'file', EID: emblemEID });
      expect(after.body.emblemThumbnailUrl).toBe(thumbnail270(emblemEID));
      const read = await getBytes(after.body.emblemThumbnailUrl!, memberToken);
      expect(read.status, read.text).toBe(200);
    });

    it('follows the theme PUT /networks/{n} names, whose emblem may be none', async () => {
      const plain = await call<ThemeBody>(`/networks/${network.networkEID}/themes/`, {
        token: adminToken,
        json: { name: 'Plain' },
      });
      expect(plain.status, plain.text).toBe(201);
      const named = await call(`/networks/${network.networkEID}/`, {
        token: adminToken,
        method: 'PUT',
        json: { theme: { type: 'network_theme', EID: plain.body.EID } },
      });
      expect(named.status, named.text).toBe(200);
      expect((await readNetwork()).body).toMatchObject({ emblem: null, emblemThumbnailUrl: null });
    });
  });
});
