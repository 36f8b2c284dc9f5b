import { describe, expect, it } from 'vitest';
import { parseDuration, posterOffset } from './ffmpeg.js';

describe('reading what ffmpeg reports', () => {
  it('reads the duration in seconds', () => {
    expect(parseDuration('  Duration: 00:00:01.00, start: 0.000000, bitrate: 22 kb/s')).toBe(1);
    expect(parseDuration('Duration: 01:02:03.25, start')).toBe(3723.25);
    expect(parseDuration('Duration: N/A, bitrate: N/A')).toBeNull();
    expect(parseDuration('')).toBeNull();
  });

  it('takes the poster one second in, or the first frame of a short video', () => {
    expect(posterOffset(10)).toBe(1);
    expect(posterOffset(1.5)).toBe(0);
    expect(posterOffset(null)).toBe(0);
  });
});
