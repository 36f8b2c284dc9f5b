import { describe, expect, it } from 'vitest';
import { matchesEtag, parseRange } from './range.js';

describe('the Range header of a download', () => {
  it('reads one range in its three forms', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'part', start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'part', start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'part', start: 0, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ kind: 'part', start: 50, end: 99 });
  });

  it('serves the whole file for none, several or malformed ranges', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-1,5-6', 100)).toEqual({ kind: 'whole' });
    expect(parseRange('items=0-1', 100)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=9-2', 100)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=-', 100)).toEqual({ kind: 'whole' });
  });

  it('is unsatisfiable from beyond the end', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
  });

  it('matches If-None-Match lists, weak tags and *', () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag('"c"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });
});
