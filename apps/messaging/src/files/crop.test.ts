import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@ncs/contracts';
import { renderCrop, shownSize } from './crop.js';
import { cropOutputOf } from './crop-rules.js';

/** A 40x30 JPEG whose EXIF orientation (6) shows it turned a quarter: 30x40 as shown. */
const turnedJpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 200, b: 10 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

describe('a crop', () => {
  it('measures and cuts the image as shown, EXIF orientation applied', async () => {
    const source = await turnedJpeg();
    expect(await shownSize(source)).toEqual({ width: 30, height: 40 });
    const bytes = await renderCrop(
      source,
      { x: 0, y: 10, width: 30, height: 30 },
      cropOutputOf('image/jpeg'),
    );
    const written = await sharp(bytes).metadata();
    expect(written).toMatchObject({ format: 'jpeg', width: 30, height: 30 });
    expect(written.orientation ?? 1).toBe(1);
  });

  it('keeps the format sharp writes (WebP), and writes PNG for one it does not', async () => {
    const webp = await sharp({ create: { width: 20, height: 20, channels: 4, background: '#0000ff80' } })
      .webp()
      .toBuffer();
    const cropped = await renderCrop(webp, { x: 5, y: 5, width: 10, height: 8 }, cropOutputOf('image/webp'));
    expect(await sharp(cropped).metadata()).toMatchObject({ format: 'webp', width: 10, height: 8 });
    const png = await renderCrop(webp, { x: 0, y: 0, width: 3, height: 3 }, cropOutputOf('image/bmp'));
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', hasAlpha: true });
  });

  it('answers bytes that are no image 422 naming /body/file, and reads no size of them', async () => {
    const junk = Buffer.from('not an image at all');
    expect(await shownSize(junk)).toBeNull();
    const refused = await renderCrop(
      junk,
      { x: 0, y: 0, width: 1, height: 1 },
      cropOutputOf('image/png'),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ errorName: 'FILES_ERR_NOT_AN_IMAGE', status: 422 });
  });
});
