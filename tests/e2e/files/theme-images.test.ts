/**
 * Files: media (issue #16): theme and group images point at uploaded files. A theme's
 * `backgroundUrl` and favicon URL may be a file's download path (served with the file's
 * permission), and an emblem `{type: 'file', EID}` gives `emblemThumbnailUrl` (theme and group): a
 * real thumbnail path (270x270) that answers 200 with the image.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { filePath } from '../../support/factories/files.js';
import { addMember, groupsPath, newGroup } from '../../support/factories/groups.js';
import {
  flatImage,
  getBytes,
  imageInfo,
  newMediaFile,
  type MediaFileBody,
} from '../../support/factories/media.js';

afterAll(closeFactories);

interface ThemeBody {
  EID: string;
  backgroundUrl: string | null;
  emblem: { type: string; EID: string } | null;
  emblemThumbnailUrl: string | null;
  favicon: { url: string; mimeType?: string } | null;
}

let network: TestNetwork;
let adminToken: string;
let memberToken: string;
let groupEID: string;
let emblem: MediaFileBody;
let background: MediaFileBody;
let backgroundBytes: Buffer;

beforeAll(async () => {
  network = await newNetwork('Files theme images');
  adminToken = await network.admin.token();
  const member = await network.newMember();
  memberToken = await member.token();
  // Theme images live in a group the readers are members of (a file is read with its group's rights).
  groupEID = (await newGroup(network.networkEID, adminToken, { name: 'Brand assets' })).EID;
  await addMember(network.networkEID, groupEID, adminToken, member.profileEID);
  backgroundBytes = await flatImage(640, 360, 'jpeg');
  [emblem, background] = await Promise.all([
    newMediaFile(
      network.networkEID,
      groupEID,
      adminToken,
      await flatImage(500, 400, 'png', true),
      'image',
      'emblem.png',
    ),
    newMediaFile(network.networkEID, groupEID, adminToken, backgroundBytes, 'image', 'background.jpg'),
  ]);
});

describe('a theme pointing at uploaded files', () => {
  let theme: ThemeBody;

  beforeAll(async () => {
    const created = await call<ThemeBody>(`/networks/${network.networkEID}/themes/`, {
      token: adminToken,
      json: {
        name: 'Brand',
        backgroundUrl: filePath(network.networkEID, background.EID, 'download'),
        emblem: { type: 'file', EID: emblem.EID },
        favicon: { url: filePath(network.networkEID, emblem.EID, 'download'), mimeType: 'image/png' },
      },
    });
    expect(created.status, created.text).toBe(201);
    theme = created.body;
  });

  it('has a real emblemThumbnailUrl: a 270x270 thumbnail of the emblem file', async () => {
    expect(theme.emblemThumbnailUrl).toBe(
      `/networks/${network.networkEID}/files/${emblem.EID}/thumbnails/270x270`,
    );
    const thumbnail = await getBytes(theme.emblemThumbnailUrl!, memberToken);
    expect(thumbnail.status, thumbnail.text).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/png');
    expect(await imageInfo(thumbnail.bytes)).toEqual({ width: 270, height: 270, format: 'png' });
  });

  it("serves its background and favicon from the files to the group's members", async () => {
    const read = await getBytes(theme.backgroundUrl!, memberToken);
    expect(read.status, read.text).toBe(200);
    expect(read.bytes.equals(backgroundBytes)).toBe(true);
    const favicon = await getBytes(theme.favicon!.url, memberToken);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toBe('image/png');
  });

  it('has no thumbnail URL for an emblem that is not a file', async () => {
    const other = await call<ThemeBody>(`/networks/${network.networkEID}/themes/`, {
      token: adminToken,
      json: { name: 'Other', emblem: { type: 'news', EID: emblem.EID } },
    });
    expect(other.status, other.text).toBe(201);
    expect(other.body.emblemThumbnailUrl).toBeNull();
  });
});

describe("a group's emblem", () => {
  it('points at an uploaded file: emblemThumbnailUrl answers its thumbnail', async () => {
    const group = await newGroup(network.networkEID, adminToken, { name: 'Runners' });
    const edited = await call<{ emblemThumbnailUrl: string | null }>(
      groupsPath(network.networkEID, `${group.EID}/`),
      { token: adminToken, method: 'PUT', json: { emblem: { type: 'file', EID: emblem.EID } } },
    );
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.emblemThumbnailUrl).toBe(
      `/networks/${network.networkEID}/files/${emblem.EID}/thumbnails/270x270`,
    );
    const thumbnail = await getBytes(edited.body.emblemThumbnailUrl!, memberToken);
    expect(thumbnail.status, thumbnail.text).toBe(200);
    expect(await imageInfo(thumbnail.bytes)).toMatchObject({ width: 270, height: 270 });
  });
});

describe("the network's emblem", () => {
  const readNetwork = () =>
    call<{ emblem: { type: string; EID: string } | null; emblemThumbnailUrl: string | null }>(
      `/networks/${network.networkEID}/`,
      { token: memberToken },
    );

  it("is its theme's emblem: none before, the thumbnail of the file once the theme is the default", async () => {
    const before = await readNetwork();
    expect(before.status, before.text).toBe(200);
    expect(before.body).toMatchObject({ emblem: null, emblemThumbnailUrl: null });

    const theme = await call<ThemeBody>(`/networks/${network.networkEID}/themes/`, {
      token: adminToken,
      json: { name: 'Network brand', default: true, emblem: { type: 'file', EID: emblem.EID } },
    });
    expect(theme.status, theme.text).toBe(201);
    const after = await readNetwork();
    expect(after.body.emblem).toEqual({ type: 'file', EID: emblem.EID });
    expect(after.body.emblemThumbnailUrl).toBe(
      `/networks/${network.networkEID}/files/${emblem.EID}/thumbnails/270x270`,
    );
    const thumbnail = await getBytes(after.body.emblemThumbnailUrl!, memberToken);
    expect(thumbnail.status, thumbnail.text).toBe(200);
    expect(await imageInfo(thumbnail.bytes)).toMatchObject({ width: 270, height: 270 });
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
