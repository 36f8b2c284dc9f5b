import { describe, expect, it } from 'vitest';
import { bodyTag, matchingTag } from './caching.js';

describe('matchingTag', () => {
  const tag = `"${bodyTag('{"a":1}')}"`;

  it('matches the tag weakly, in a list, or `*`', () => {
    expect(matchingTag(tag, tag)).toBe(tag);
    expect(matchingTag(`W/${tag}`, tag)).toBe(`W/${tag}`);
    expect(matchingTag(`"other", ${tag}`, tag)).toBe(tag);
    expect(matchingTag('*', tag)).toBe(tag);
  });

  it("matches a compressed copy's tag to the same body", () => {
    const brotli = `${tag.slice(0, -1)}.br"`;
    expect(matchingTag(brotli, tag)).toBe(brotli);
  });

  it('matches nothing else', () => {
    expect(matchingTag(undefined, tag)).toBeNull();
    expect(matchingTag(`"${bodyTag('{"a":2}')}"`, tag)).toBeNull();
    expect(matchingTag(tag.slice(0, -1), tag)).toBeNull();
  });
});
