import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageDimensions } from './megapixels.js';
import { thumbnailSourceOf } from './media-rules.js';
import { renderThumbnail } from './thumbnails.js';

const image = (channels: 3 | 4) =>
  sharp({ create: { width: 600, height: 400, channels, background: { r: 9, g: 99, b: 199, alpha: 0.5 } } })
    .png()
    .toBuffer();

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
});

describe('the source of thumbnails', () => {
  it('is the image itself, a processed video’s poster, else none', () => {
    const EID = '0123456789abcdef01234567';
    expect(String(thumbnailSourceOf({ kind: 'image', EID, posterId: null }))).toBe(EID);
    expect(thumbnailSourceOf({ kind: 'video', EID, posterId: null })).toBeNull();
    expect(thumbnailSourceOf({ kind: 'file', EID, posterId: null })).toBeNull();
  });
});
