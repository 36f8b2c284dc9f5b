/**
 * Files (media): thumbnails on demand in the whitelisted sizes only (390x170, 300x170,
 * Wx270; any other 400 naming them), made once and kept (the second request serves the kept blob:
 * same entity tag, which names the stored blob), none for a file of kind `file` (404), the file's
 * read permission; and the 20-megapixel gate of images, on both sides of 2023.0.1. The widths
 * `Wx270` is made in, the pixel limit of sources and the render queue: thumbnail-limits.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { filePath, filesScene } from '../../support/factories/files.js';
import {
  flatImage,
  getBytes,
  imageInfo,
  newMediaFile,
  thumbnailPath,
  uploadInVersion,
  type MediaFileBody,
} from '../../support/factories/media.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
let memberToken: string;
let outsiderToken: string;
let groupEID: string;
let hiddenEID: string;
let image: MediaFileBody;

beforeAll(async () => {
  ({ network, adminToken, memberToken, outsiderToken, groupEID, hiddenEID } =
    await filesScene('Files thumbnails'));
  image = await newMediaFile(
    network.networkEID,
    groupEID,
    memberToken,
    await flatImage(800, 600, 'jpeg'),
    'image',
    'photo.jpg',
  );
});

describe('thumbnails of an image', () => {
  it('are announced on the file resource', () => {
    expect(image).toMatchObject({ kind: 'image', thumbnails: true, videoState: null, poster: null });
    for (const size of ['390x170', '300x170', '270x270'])
      expect(image._links[`thumbnail_${size}`]?.href).toMatch(
        new RegExp(`/files/${image.EID}/thumbnails/${size}$`),
      );
    expect(image._links.poster).toBeUndefined();
  });

  it.each([
    ['390x170', 390, 170],
    ['300x170', 300, 170],
    ['270x270', 270, 270],
    ['2048x270', 2048, 270],
  ])('%s answers a JPEG of exactly that size', async (size, width, height) => {
    const thumbnail = await getBytes(thumbnailPath(network.networkEID, image.EID, size), memberToken);
    expect(thumbnail.status, thumbnail.text).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect(Number(thumbnail.headers.get('content-length'))).toBe(thumbnail.bytes.length);
    expect(await imageInfo(thumbnail.bytes)).toEqual({ width, height, format: 'jpeg' });
  });

  it('is made once: a second request serves the kept one (same blob, same bytes)', async () => {
    const path = thumbnailPath(network.networkEID, image.EID, '200x270');
    const [first, second] = [await getBytes(path, memberToken), await getBytes(path, adminToken)];
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    // The entity tag names the stored blob: a thumbnail made again would be another blob.
    expect(first.headers.get('etag')).toMatch(/^"t-[0-9a-f]{24}"$/);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.bytes.equals(first.bytes)).toBe(true);
    const cached = await getBytes(path, memberToken, { 'if-none-match': first.headers.get('etag')! });
    expect(cached.status).toBe(304);
  });

  it('keeps transparency: a PNG with alpha gets a PNG thumbnail', async () => {
    const png = await newMediaFile(
      network.networkEID,
      groupEID,
      memberToken,
      await flatImage(400, 400, 'png', true),
      'image',
    );
    const thumbnail = await getBytes(thumbnailPath(network.networkEID, png.EID, '300x170'), memberToken);
    expect(thumbnail.status, thumbnail.text).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/png');
    expect(await imageInfo(thumbnail.bytes)).toEqual({ width: 300, height: 170, format: 'png' });
  });

  it.each(['100x100', '390x171', '2049x270', '0x270', 'big'])(
    'refuses the size %s (400 naming the sizes)',
    async (size) => {
      const response = await call<{
        code: number;
        detail: string;
        errors?: { pointer: string; message: string }[];
      }>(thumbnailPath(network.networkEID, image.EID, size), { token: memberToken });
      expect(response.status, response.text).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/problem\+json/);
      expect(response.text).toMatch(/size/);
      if (/^\d+x\d+$/.test(size) && !size.startsWith('0')) {
        expect(response.body.code).toBe(-454);
        expect(response.body.errors).toEqual([
          { pointer: '/params/size', message: expect.stringContaining('390x170, 300x170 or Wx270') },
        ]);
      }
    },
  );

  it('are not made for an image uploaded with kind file (404 -455, no links)', async () => {
    const plain = await newMediaFile(
      network.networkEID,
      groupEID,
      memberToken,
      await flatImage(50, 50),
      'file',
    );
    expect(plain).toMatchObject({ kind: 'file', contentType: 'image/png', thumbnails: false });
    expect(plain._links.thumbnail_390x170).toBeUndefined();
    const response = await call<{ code: number }>(thumbnailPath(network.networkEID, plain.EID, '390x170'), {
      token: memberToken,
    });
    expect(response.status, response.text).toBe(404);
    expect(response.body.code).toBe(-455);
  });

  it("follow the file's permission: a hidden group's outsider and another network get 404", async () => {
    const hiddenImage = await newMediaFile(
      network.networkEID,
      hiddenEID,
      memberToken,
      await flatImage(60, 60),
      'image',
    );
    const path = thumbnailPath(network.networkEID, hiddenImage.EID, '390x170');
    expect((await call(path, { token: outsiderToken })).status).toBe(404);
    expect((await getBytes(path, memberToken)).status).toBe(200);
    const other = await newNetwork('Files thumbnails elsewhere');
    const otherToken = await other.admin.token();
    expect(
      (await call(thumbnailPath(other.networkEID, image.EID, '390x170'), { token: otherToken })).status,
    ).toBe(404);
    expect(
      (await call(thumbnailPath(network.networkEID, image.EID, '390x170'), { token: otherToken })).status,
    ).toBe(404);
  });
});

describe('the 20-megapixel limit of images', () => {
  let large: Buffer;

  beforeAll(async () => {
    // 5000 x 4001: one row above 20 megapixels; a flat PNG of about 60 KB.
    large = await flatImage(5000, 4001);
  });

  it('refuses a larger image before 2023.0.1 (413 -456 naming the limit)', async () => {
    const refused = await uploadInVersion(network.networkEID, groupEID, memberToken, large, 'image', '1.6.8');
    expect(refused.status, refused.text).toBe(413);
    expect(refused.headers.get('content-type')).toMatch(/problem\+json/);
    expect(refused.body).toMatchObject({ code: -456 });
    expect(refused.text).toMatch(/20 megapixels/);
    expect(refused.text).toContain('5000x4001');
  });

  it('takes it from 2023.0.1 on, and always as kind file', async () => {
    const lifted = await uploadInVersion(
      network.networkEID,
      groupEID,
      memberToken,
      large,
      'image',
      '2023.0.1',
    );
    expect(lifted.status, lifted.text).toBe(201);
    const latest = await uploadInVersion(network.networkEID, groupEID, memberToken, large, 'image');
    expect(latest.status, latest.text).toBe(201);
    const asFile = await uploadInVersion(network.networkEID, groupEID, memberToken, large, 'file', '1.6.8');
    expect(asFile.status, asFile.text).toBe(201);
  });

  it('takes an image within the limit in older versions too', async () => {
    const small = await uploadInVersion(
      network.networkEID,
      groupEID,
      memberToken,
      await flatImage(100, 80),
      'image',
      '1.6.8',
    );
    expect(small.status, small.text).toBe(201);
    const read = await call(filePath(network.networkEID, small.body.EID), { token: memberToken });
    expect(read.status).toBe(200);
  });
});
