import { describe, expect, it } from 'vitest';
import { isGateOpen } from '../gates.js';
import {
  exceedsImagePixels,
  parseThumbnailSize,
  THUMBNAIL_MAX_WIDTH,
  THUMBNAIL_WIDTHS,
  thumbnailRenditionOf,
} from './media.js';

describe('thumbnail sizes', () => {
  it('takes the fixed sizes and any Wx270 up to 2048 wide', () => {
    expect(parseThumbnailSize('390x170')).toEqual({ width: 390, height: 170 });
    expect(parseThumbnailSize('300x170')).toEqual({ width: 300, height: 170 });
    expect(parseThumbnailSize('1x270')).toEqual({ width: 1, height: 270 });
    expect(parseThumbnailSize('2048x270')).toEqual({ width: 2048, height: 270 });
  });

  it('refuses every other size and form', () => {
    for (const text of [
      '100x100',
      '390x171',
      '2049x270',
      '0x270',
      '0390x170',
      '390X170',
      '390x170x1',
      'x270',
      '',
    ])
      expect(parseThumbnailSize(text)).toBeNull();
  });
});

describe('the thumbnail made for a size', () => {
  it('is a fixed size as asked', () => {
    expect(thumbnailRenditionOf('390x170')).toEqual({ width: 390, height: 170, text: '390x170' });
    expect(thumbnailRenditionOf('300x170')).toEqual({ width: 300, height: 170, text: '300x170' });
    expect(thumbnailRenditionOf('270x270')).toEqual({ width: 270, height: 270, text: '270x270' });
  });

  it.each([
    ['1x270', '90x270'],
    ['90x270', '90x270'],
    ['91x270', '180x270'],
    ['123x270', '180x270'],
    ['271x270', '360x270'],
    ['300x270', '360x270'],
    ['360x270', '360x270'],
    ['400x270', '480x270'],
    ['481x270', '720x270'],
    ['1000x270', '1080x270'],
    ['1081x270', '2048x270'],
    ['2048x270', '2048x270'],
  ])('serves %s at the next width of the set: %s', (asked, made) => {
    expect(thumbnailRenditionOf(asked)?.text).toBe(made);
  });

  it('takes every width the API accepts into a handful of widths, at most twice as wide as asked', () => {
    const made = new Set<string>();
    for (let width = 1; width <= THUMBNAIL_MAX_WIDTH; width += 1) {
      const rendition = thumbnailRenditionOf(`${width}x270`);
      expect(rendition).not.toBeNull();
      expect(rendition!.width).toBeGreaterThanOrEqual(width);
      if (width >= THUMBNAIL_WIDTHS[0]) expect(rendition!.width).toBeLessThanOrEqual(2 * width);
      made.add(rendition!.text);
    }
    expect([...made]).toEqual(THUMBNAIL_WIDTHS.map((width) => `${width}x270`));
    expect(made.size).toBeLessThanOrEqual(8);
  });

  it('is none for a size not accepted', () => {
    for (const text of ['100x100', '2049x270', '0x270', 'big']) expect(thumbnailRenditionOf(text)).toBeNull();
  });
});

describe('the 20-megapixel limit', () => {
  it('counts pixels, the limit itself allowed', () => {
    expect(exceedsImagePixels(5000, 4000)).toBe(false);
    expect(exceedsImagePixels(5000, 4001)).toBe(true);
  });

  it('is lifted from 2023.0.1', () => {
    expect(isGateOpen('files.imageMegapixelsLifted', '1.6.8')).toBe(false);
    expect(isGateOpen('files.imageMegapixelsLifted', '2023.0.1')).toBe(true);
  });
});
