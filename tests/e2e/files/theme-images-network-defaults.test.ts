/**
 * Files: branding images are network assets. The network's favicon, default avatar and default
 * emblems may name images the administrator uploaded as TEMPORARY files: once named they are
 * network assets, read by every member (in no group at all); profiles and groups show their 270x270
 * thumbnails. A file of another network, a kind `file` upload or someone else's temporary file is
 * 400 naming the field, and nothing changes. A theme's images: theme-images-themes.test.ts.
 * Decisions: "Branding images are network assets".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { fileRef, newTemporaryFile } from '../../support/factories/attachments.js';
import { closeFactories } from '../../support/factories/core.js';
import { filePath } from '../../support/factories/files.js';
import { groupsPath, newGroup } from '../../support/factories/groups.js';
import { flatImage, getBytes, imageInfo } from '../../support/factories/media.js';
import {
  adminToken,
  download,
  memberEID,
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

interface NetworkBody {
  favicon: { url: string; mimeType?: string } | null;
  defaultAvatar: Ref;
  defaultEmblems: Record<string, Ref>;
}

describe("the network's favicon, default avatar and default emblems", () => {
  const putNetwork = (json: Record<string, unknown>) =>
    call<NetworkBody & Problem>(`/networks/${network.networkEID}/`, {
      token: adminToken,
      method: 'PUT',
      json,
    });
  const memberProfile = () =>
    call<{ defaultAvatarUrl: string }>(`/networks/${network.networkEID}/users/${memberEID}/`, {
      token: memberToken,
    });
  let groupEID: string;
  const readGroup = () =>
    call<{ defaultEmblemThumbnailUrl: string }>(groupsPath(network.networkEID, `${groupEID}/`), {
      token: memberToken,
    });

  beforeAll(async () => {
    groupEID = (await newGroup(network.networkEID, adminToken, { name: 'Cyclists' })).EID;
  });

  it('shows none by default: the generated SVGs', async () => {
    const read = await call<NetworkBody>(`/networks/${network.networkEID}/`, { token: memberToken });
    expect(read.body).toMatchObject({
      defaultAvatar: null,
      defaultEmblems: { business_unit: null, department: null, local_department: null, group: null },
    });
    expect((await memberProfile()).body.defaultAvatarUrl).toBe(
      `/networks/${network.networkEID}/users/${memberEID}/default-avatar.svg`,
    );
    expect((await readGroup()).body.defaultEmblemThumbnailUrl).toBe('/default-emblems/group.svg');
  });

  it('takes uploaded images: profiles and groups show their thumbnails, which a member reads', async () => {
    const faviconBytes = await flatImage(16, 16, 'png');
    const [favicon, avatar, emblem] = await Promise.all([
      temporaryImage(faviconBytes, 'favicon.png'),
      temporaryImage(await flatImage(300, 300, 'jpeg'), 'avatar.jpg'),
      temporaryImage(await flatImage(400, 300, 'png'), 'group.png'),
    ]);
    const updated = await putNetwork({
      favicon: { url: download(favicon.EID), mimeType: 'image/png' },
      defaultAvatar: fileRef(avatar.EID),
      defaultEmblems: { group: fileRef(emblem.EID) },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({
      favicon: { url: download(favicon.EID), mimeType: 'image/png' },
      defaultAvatar: { type: 'file', EID: avatar.EID },
      defaultEmblems: {
        business_unit: null,
        department: null,
        local_department: null,
        group: fileRef(emblem.EID),
      },
    });

    const read = await getBytes(download(favicon.EID), memberToken);
    expect(read.status, read.text).toBe(200);
    expect(read.bytes.equals(faviconBytes)).toBe(true);

    const profile = await memberProfile();
    expect(profile.body.defaultAvatarUrl).toBe(thumbnail270(avatar.EID));
    const avatarImage = await getBytes(profile.body.defaultAvatarUrl, memberToken);
    expect(avatarImage.status, avatarImage.text).toBe(200);
    expect(await imageInfo(avatarImage.bytes)).toMatchObject({ width: 270, height: 270 });

    const group = await readGroup();
    expect(group.body.defaultEmblemThumbnailUrl).toBe(thumbnail270(emblem.EID));
    const emblemImage = await getBytes(group.body.defaultEmblemThumbnailUrl, memberToken);
    expect(emblemImage.status, emblemImage.text).toBe(200);
    expect(await imageInfo(emblemImage.bytes)).toMatchObject({ width: 270, height: 270 });
    // Another group type keeps its SVG.
    const unit = await newGroup(network.networkEID, adminToken, { groupType: 'business_unit' });
    expect((unit as unknown as { defaultEmblemThumbnailUrl: string }).defaultEmblemThumbnailUrl).toBe(
      '/default-emblems/business_unit.svg',
    );

    // Reset to null: the SVGs again; a type the body does not name keeps its image.
    const other = await temporaryImage(await flatImage(50, 50, 'png'));
    expect(
      (await putNetwork({ defaultEmblems: { department: fileRef(other.EID) } })).body.defaultEmblems,
    ).toMatchObject({
      department: fileRef(other.EID),
      group: fileRef(emblem.EID),
    });
    const reset = await putNetwork({ defaultAvatar: null, defaultEmblems: { group: null } });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body).toMatchObject({
      defaultAvatar: null,
      defaultEmblems: { group: null, department: fileRef(other.EID) },
    });
    expect((await memberProfile()).body.defaultAvatarUrl).toBe(
      `/networks/${network.networkEID}/users/${memberEID}/default-avatar.svg`,
    );
    expect((await readGroup()).body.defaultEmblemThumbnailUrl).toBe('/default-emblems/group.svg');
  });

  it('refuses what is not an image of the network the admin may read (400 naming the field), changing nothing', async () => {
    const before = await call<NetworkBody>(`/networks/${network.networkEID}/`, { token: adminToken });
    const [elsewhere, plain, members] = await Promise.all([
      newTemporaryFile(other.networkEID, outsiderToken, await flatImage(10, 10)),
      newTemporaryFile(network.networkEID, adminToken, Buffer.from('plain text'), {
        kind: 'file',
        filename: 'notes.txt',
      }),
      newTemporaryFile(network.networkEID, memberToken, await flatImage(10, 10)),
    ]);
    const cases: [Record<string, unknown>, string][] = [
      [{ favicon: { url: filePath(other.networkEID, elsewhere.EID, 'download') } }, '/body/favicon/url'],
      [{ defaultAvatar: fileRef(plain.EID) }, '/body/defaultAvatar'],
      [{ defaultEmblems: { department: fileRef(members.EID) } }, '/body/defaultEmblems/department'],
      [{ name: 'Renamed', defaultAvatar: fileRef(elsewhere.EID) }, '/body/defaultAvatar'],
    ];
    for (const [json, pointer] of cases) {
      const refused = await putNetwork(json);
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.code).toBe(-397);
      expect(refused.body.errors?.map((error) => error.pointer)).toEqual([pointer]);
    }
    const after = await call<NetworkBody>(`/networks/${network.networkEID}/`, { token: adminToken });
    expect(after.body).toMatchObject({
      name: (before.body as unknown as { name: string }).name,
      favicon: before.body.favicon,
      defaultAvatar: before.body.defaultAvatar,
      defaultEmblems: before.body.defaultEmblems,
    });
  });

  it('is set by administrators only', async () => {
    const image = await newTemporaryFile(network.networkEID, memberToken, await flatImage(10, 10));
    const denied = await call(`/networks/${network.networkEID}/`, {
      token: memberToken,
      method: 'PUT',
      json: { defaultAvatar: fileRef(image.EID) },
    });
    expect(denied.status).toBe(403);
    expect((await readFile(image.EID, memberToken)).body.temporary).toBe(true);
  });
});
