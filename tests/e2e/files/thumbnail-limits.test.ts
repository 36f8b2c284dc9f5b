/**
 * Files: media: what thumbnail requests may cost. `Wx270` is made only in a handful of widths (90,
 * 180, 270, 360, 480, 720, 1080, 2048): another width is answered directly, with the thumbnail of
 * the next width of the set (the same stored blob); no thumbnail is made of an image above 50
 * megapixels (422 -458 naming the limit, read from the header; the file itself stays
 * downloadable); a burst of renders beyond what one messaging instance queues is 503 -459 with
 * `Retry-After`, at once, never a hang.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, type TestNetwork } from '../../support/factories/core.js';
import { download, filesScene } from '../../support/factories/files.js';
import {
  declaredPng,
  flatImage,
  getBytes,
  imageInfo,
  newMediaFile,
  thumbnailPath,
  type MediaFileBody,
} from '../../support/factories/media.js';

afterAll(closeFactories);

/** The widths of the set, written out here so the test does not borrow the rule it checks. */
const WIDTHS = [90, 180, 270, 360, 480, 720, 1080, 2048];
const nextWidth = (asked: number) => WIDTHS.find((width) => width >= asked)!;

let network: TestNetwork;
let memberToken: string;
let groupEID: string;
let photo: MediaFileBody;

beforeAll(async () => {
  ({ network, memberToken, groupEID } = await filesScene('Files thumbnail limits'));
  photo = await newMediaFile(
    network.networkEID,
    groupEID,
    memberToken,
    await flatImage(800, 600, 'jpeg'),
    'image',
    'photo.jpg',
  );
});

describe('the widths of Wx270', () => {
  it('answers a width off the set directly (200, no redirect) with the thumbnail of the next width', async () => {
    const asked = await getBytes(thumbnailPath(network.networkEID, photo.EID, '300x270'), memberToken);
    expect(asked.status, asked.text).toBe(200);
    expect(asked.redirected).toBe(false);
    expect(await imageInfo(asked.bytes)).toEqual({ width: 360, height: 270, format: 'jpeg' });
    expect(asked.headers.get('content-disposition')).toContain('filename="photo-360x270.jpg"');
    const canonical = await getBytes(thumbnailPath(network.networkEID, photo.EID, '360x270'), memberToken);
    expect(canonical.status).toBe(200);
    // One stored thumbnail: the entity tag names the blob.
    expect(canonical.headers.get('etag')).toBe(asked.headers.get('etag'));
    expect(canonical.bytes.equals(asked.bytes)).toBe(true);
    const revalidated = await getBytes(thumbnailPath(network.networkEID, photo.EID, '301x270'), memberToken, {
      'if-none-match': asked.headers.get('etag')!,
    });
    expect(revalidated.status).toBe(304);
  });

  it('keeps one thumbnail per width of the set, whatever widths are asked', async () => {
    const file = await newMediaFile(
      network.networkEID,
      groupEID,
      memberToken,
      await flatImage(640, 480, 'jpeg'),
      'image',
    );
    const asked = [1, 45, 90, 91, 150, 180, 181, 250, 270, 271, 333, 360, 361, 420, 480, 481, 600, 720];
    asked.push(721, 900, 1080, 1081, 1500, 2047, 2048);
    const blobsByWidth = new Map<number, Set<string>>();
    for (const width of asked) {
      const answer = await getBytes(thumbnailPath(network.networkEID, file.EID, `${width}x270`), memberToken);
      expect(answer.status, `${width}x270: ${answer.text}`).toBe(200);
      const served = nextWidth(width);
      expect(await imageInfo(answer.bytes)).toEqual({ width: served, height: 270, format: 'jpeg' });
      const blobs = blobsByWidth.get(served) ?? new Set<string>();
      blobs.add(answer.headers.get('etag')!);
      blobsByWidth.set(served, blobs);
    }
    expect([...blobsByWidth.keys()]).toEqual(WIDTHS);
    for (const blobs of blobsByWidth.values()) expect(blobs.size).toBe(1);
  });

  it('keeps the fixed sizes exactly as asked', async () => {
    for (const [size, width, height] of [
      ['390x170', 390, 170],
      ['300x170', 300, 170],
      ['270x270', 270, 270],
    ] as const) {
      const answer = await getBytes(thumbnailPath(network.networkEID, photo.EID, size), memberToken);
      expect(answer.status, answer.text).toBe(200);
      expect(await imageInfo(answer.bytes)).toEqual({ width, height, format: 'jpeg' });
    }
  });
});

describe('the pixel limit of thumbnail sources', () => {
  it.each([
    // Within the decoder's own limit: only the thumbnail limit refuses it.
    [9_000, 6_000, '54.0'],
    // Above the decoder's own limit (268 megapixels): refused the same way, from the header.
    [20_000, 20_000, '400.0'],
  ])(
    'makes no thumbnail of a %ix%i image (422 -458 naming the limit); the file stays downloadable',
    async (width, height, megapixels) => {
      // About 100 bytes: the header declares the size; nothing may decode it to find out.
      const bytes = declaredPng(width, height);
      const large = await newMediaFile(
        network.networkEID,
        groupEID,
        memberToken,
        bytes,
        'image',
        'large.png',
      );
      expect(large).toMatchObject({ kind: 'image', contentType: 'image/png' });
      for (const size of ['390x170', '270x270', '1x270']) {
        const refused = await call<{ code: number; detail: string; errors: unknown[] }>(
          thumbnailPath(network.networkEID, large.EID, size),
          { token: memberToken },
        );
        expect(refused.status, refused.text).toBe(422);
        expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
        expect(refused.body.code).toBe(-458);
        expect(refused.body.detail).toContain(`${width}x${height} pixels (${megapixels} megapixels)`);
        expect(refused.body.detail).toContain('at most 50 megapixels');
        expect(refused.body.errors).toEqual([{ pointer: '/params/fileEID', message: expect.any(String) }]);
      }
      const original = await download(network.networkEID, large.EID, memberToken);
      expect(original.status).toBe(200);
      expect(original.bytes.equals(bytes)).toBe(true);
    },
  );
});

describe('renders at once', () => {
  it('answers a burst beyond the render queue with 503 -459 and Retry-After at once; later it is served', async () => {
    // 48 megapixels in a flat PNG of about 150 KB: each render decodes every pixel.
    const bytes = await flatImage(8_000, 6_000);
    const files = await Promise.all(
      [1, 2, 3, 4].map(() => newMediaFile(network.networkEID, groupEID, memberToken, bytes, 'image')),
    );
    const sizes = ['390x170', '300x170', ...WIDTHS.map((width) => `${width}x270`)];
    // 40 different thumbnails asked at once: more than one instance renders and queues (2 + 8).
    const paths = files.flatMap((file) =>
      sizes.map((size) => thumbnailPath(network.networkEID, file.EID, size)),
    );
    const answers = await Promise.all(paths.map((path) => getBytes(path, memberToken)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses).toContain(200);
    const refused = answers.filter((answer) => answer.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.headers.get('retry-after')).toBe('2');
      expect(JSON.parse(answer.text)).toMatchObject({ status: 503, code: -459 });
    }
    // After the wait it names, the refused thumbnail is made.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const again = await getBytes(paths[statuses.indexOf(503)]!, memberToken);
    expect(again.status, again.text).toBe(200);
  });
});
