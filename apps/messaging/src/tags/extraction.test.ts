import { describe, expect, it } from 'vitest';
import { tagFieldsOf, tagKeyOf, tagsOf } from './extraction.js';

const keys = (html: string) => tagsOf(html).map((tag) => tag.key);

describe('tags of a message', () => {
  it('takes #words of any script, with digits and underscores after the first letter', () => {
    expect(tagsOf('<p>#café and #日本語, #über_alles #v2 #Ελλάδα</p>')).toEqual([
      { name: 'café', key: 'café' },
      { name: '日本語', key: '日本語' },
      { name: 'über_alles', key: 'über_alles' },
      { name: 'v2', key: 'v2' },
      { name: 'Ελλάδα', key: 'ελλάδα' },
    ]);
  });

  it('refuses what does not start with a letter', () => {
    expect(keys('<p>#123 #_x #1abc # alone</p>')).toEqual([]);
  });

  it('ignores a fragment in a URL, a word#word and entities', () => {
    expect(keys('<p>see https://x.example/#anchor and C#sharp &amp;#39 a#b</p>')).toEqual([]);
    expect(keys('<p>https://x.example/page#section</p>')).toEqual([]);
  });

  it('ignores link addresses and code but reads link text', () => {
    expect(keys('<p><a href="https://x.example/#inhref">read #linked</a></p>')).toEqual(['linked']);
    expect(keys('<pre>#notatag</pre><code>#nor</code><p>#yes</p>')).toEqual(['yes']);
  });

  it('folds case and compatibility forms, keeping the first spelling', () => {
    expect(tagsOf('<p>#Café #CAFÉ #café</p>')).toEqual([{ name: 'Café', key: 'café' }]);
    // NFKC: full-width letters are the ASCII ones.
    expect(keys('<p>#ＡＢＣ #abc</p>')).toEqual(['abc']);
    // A decomposed é is the composed one.
    expect(keys('<p>#cafe\u0301 #café</p>')).toEqual(['café']);
  });

  it('bounds the length and the number of tags', () => {
    const fifty = `a${'b'.repeat(49)}`;
    expect(keys(`<p>#${fifty} #${fifty}c</p>`)).toEqual([fifty]);
    const many = Array.from({ length: 12 }, (_, i) => `#t${String.fromCharCode(97 + i)}`).join(' ');
    expect(keys(`<p>${many}</p>`)).toHaveLength(10);
    expect(keys(`<p>${many}</p>`)[9]).toBe('tj');
  });

  it('stores keys and spellings side by side', () => {
    expect(tagFieldsOf('<p>#Go #go #Rust</p>')).toEqual({ tags: ['go', 'rust'], tagNames: ['Go', 'Rust'] });
  });
});

describe('a tag named in a path', () => {
  it('folds any spelling, with or without #', () => {
    expect(tagKeyOf('Café')).toBe('café');
    expect(tagKeyOf('#café')).toBe('café');
  });

  it('is undefined for what is no tag', () => {
    expect(tagKeyOf('123')).toBeUndefined();
    expect(tagKeyOf('a b')).toBeUndefined();
    expect(tagKeyOf('a'.repeat(51))).toBeUndefined();
    expect(tagKeyOf('')).toBeUndefined();
  });
});
