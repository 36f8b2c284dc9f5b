import { describe, expect, it } from 'vitest';
import { searchTokensOf, tokensOf } from './search-tokens.js';

describe('search tokens', () => {
  it('keeps the lowercase words of the text, without tags, once each', () => {
    expect(searchTokensOf('<p>Hello <b>World</b>, hello&amp;Café 42</p>')).toEqual([
      'hello',
      'world',
      'café',
      '42',
    ]);
  });

  it('splits a query the same way and ignores punctuation', () => {
    expect(tokensOf('  Quarterly-REPORT!  ')).toEqual(['quarterly', 'report']);
    expect(tokensOf('$where: {}')).toEqual(['where']);
  });

  it('does not read tag names or attributes as words', () => {
    expect(searchTokensOf('<a href="https://x.example/secret">link</a>')).toEqual(['link']);
  });
});
