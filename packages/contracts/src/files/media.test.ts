import { describe, expect, it } from 'vitest';
import { isGateOpen } from '../gates.js';
import { exceedsImagePixels, parseThumbnailSize } from './media.js';

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
