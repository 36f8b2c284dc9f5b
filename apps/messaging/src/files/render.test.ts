import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { THUMBNAIL_SOURCE_MAX_PIXELS } from '@ncs/contracts';
import { imageDimensions } from './megapixels.js';
import { requireThumbnailSourcePixels, thumbnailSourceOf } from './media-rules.js';
import { renderThumbnail } from './thumbnails.js';

const image = (channels: 3 | 4) =>
  sharp({ create: { width: 600, height: 400, channels, background: { r: 9, g: 99, b: 199, alpha: 0.5 } } })
    .png()
    .toBuffer();

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG of about 100 bytes whose header declares `width` x `height` (RGB) and whose data holds one
 * row: sharp reads its size, and decoding it would take as long as the size says.
 */
function declaredPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1 + 3 * width))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('rendering a thumbnail', () => {
  it('crops to the exact size: JPEG, or PNG for a source with transparency', async () => {
    const opaque = await renderThumbnail(await image(3), { width: 390, height: 170 });
    expect(opaque.contentType).toBe('image/jpeg');
    expect(await sharp(opaque.bytes).metadata()).toMatchObject({ width: 390, height: 170, format: 'jpeg' });
    const clear = await renderThumbnail(await image(4), { width: 270, height: 270 });
    expect(clear.contentType).toBe('image/png');
    expect(await sharp(clear.bytes).metadata()).toMatchObject({ width: 270, height: 270, format: 'png' });
  });

  it('refuses bytes that are no image (422 -457)', async () => {
    await expect(
      renderThumbnail(Buffer.from('not an image'), { width: 10, height: 270 }),
    ).rejects.toMatchObject({
      errorName: 'FILES_ERR_NOT_AN_IMAGE',
      code: -457,
    });
  });

  it('reads the dimensions from the header alone', async () => {
    const bytes = await image(3);
    expect(await imageDimensions(bytes.subarray(0, 64))).toEqual({ width: 600, height: 400 });
    expect(await imageDimensions(Buffer.from('nothing'))).toBeNull();
  });

  it('reads the dimensions of an image above sharp’s own pixel limit (268 megapixels)', async () => {
    expect(await imageDimensions(declaredPng(20_000, 20_000))).toEqual({ width: 20_000, height: 20_000 });
  });
});

describe('the pixel limit of thumbnail sources', () => {
  it(`takes up to ${THUMBNAIL_SOURCE_MAX_PIXELS} pixels, and refuses more with 422 -458 naming the limit`, () => {
    expect(() => requireThumbnailSourcePixels(10_000, 5_000)).not.toThrow();
    let refused: unknown;
    try {
      requireThumbnailSourcePixels(10_000, 5_001);
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({
      errorName: 'FILES_ERR_THUMBNAIL_TOO_MANY_PIXELS',
      status: 422,
      code: -458,
      details: [{ pointer: '/params/fileEID' }],
    });
    expect((refused as Error).message).toContain('10000x5001 pixels (50.0 megapixels)');
    expect((refused as Error).message).toContain('at most 50 megapixels');
  });

  it('refuses a larger source from its header, before decoding it', async () => {
    // 9000 x 6000 declared: within sharp's own limit, so only the header check refuses it (the
    // decoder would make a thumbnail of its one row).
    await expect(
      renderThumbnail(declaredPng(9_000, 6_000), { width: 90, height: 270 }),
    ).rejects.toMatchObject({
      code: -458,
    });
    await expect(
      renderThumbnail(declaredPng(20_000, 20_000), { width: 90, height: 270 }),
    ).rejects.toMatchObject({ code: -458, message: expect.stringContaining('20000x20000') });
  });

  it('renders a source at the limit', async () => {
    const atLimit = declaredPng(10_000, 5_000);
    const made = await renderThumbnail(atLimit, { width: 90, height: 270 });
    expect(await sharp(made.bytes).metadata()).toMatchObject({ width: 90, height: 270 });
  });
});

describe('the source of thumbnails', () => {
  it('is the image itself, a processed video’s poster, else none', () => {
    const EID = '0123456789abcdef01234567';
    expect(String(thumbnailSourceOf({ kind: 'image', EID, posterId: null }))).toBe(EID);
    expect(thumbnailSourceOf({ kind: 'video', EID, posterId: null })).toBeNull();
    expect(thumbnailSourceOf({ kind: 'file', EID, posterId: null })).toBeNull();
  });
});
