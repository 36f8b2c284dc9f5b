import { describe, expect, it } from 'vitest';
import {
  invalidUtf8Error,
  isJsonMediaType,
  MAX_JSON_DEPTH,
  mediaTypeOf,
  nestsDeeperThan,
  replacementPointer,
} from './body-parsers.js';

describe('isJsonMediaType', () => {
  it('is application/json and +json types, with or without parameters', () => {
    expect(isJsonMediaType('application/json')).toBe(true);
    expect(isJsonMediaType('Application/JSON; charset=utf-8')).toBe(true);
    expect(isJsonMediaType('application/merge-patch+json')).toBe(true);
    expect(isJsonMediaType('application/x-www-form-urlencoded')).toBe(false);
    expect(isJsonMediaType('text/json')).toBe(false);
    expect(isJsonMediaType('application/jsonx')).toBe(false);
    expect(isJsonMediaType(undefined)).toBe(false);
  });

  it('reads the media type without parameters', () => {
    expect(mediaTypeOf(' Text/CSV ; q=1')).toBe('text/csv');
    expect(mediaTypeOf(undefined)).toBe('');
  });
});

describe('replacementPointer', () => {
  it('points at the first string holding U+FFFD, in document order', () => {
    expect(replacementPointer({ a: 'fine', b: { c: ['x', 'y\uFFFD'] }, d: '\uFFFD' })).toBe('/b/c/1');
    expect(replacementPointer('\uFFFD')).toBe('');
    expect(replacementPointer({ a: 1, b: null, c: true })).toBeUndefined();
  });

  it('points at a key holding U+FFFD, escaped as RFC 6901 says', () => {
    expect(replacementPointer({ 'a/b': { 'k\uFFFD': 1 } })).toBe('/a~1b/k\uFFFD');
  });
});

describe('invalidUtf8Error', () => {
  it('is a validation error naming the field under /body', () => {
    const error = invalidUtf8Error('/name');
    expect(error.errorName).toBe('VALIDATION_FAILED');
    expect(error.details).toEqual([{ pointer: '/body/name', message: 'is not valid UTF-8' }]);
  });
});

describe('nestsDeeperThan', () => {
  const bytes = (text: string) => Buffer.from(text, 'utf8');
  const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

  it('counts arrays and objects inside one another, up to the limit and past it', () => {
    expect(nestsDeeperThan(bytes(nested(MAX_JSON_DEPTH)), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(bytes(nested(MAX_JSON_DEPTH + 1)), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(bytes('{"a":{"b":[{"c":[]}]}}'), 5)).toBe(false);
    expect(nestsDeeperThan(bytes('{"a":{"b":[{"c":[[]]}]}}'), 5)).toBe(true);
    // Siblings do not add up: depth, not count.
    expect(nestsDeeperThan(bytes(`[${Array(1000).fill('[[]]').join(',')}]`), 3)).toBe(false);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(bytes(JSON.stringify({ text: '[[[[[{{{{{' })), 1)).toBe(false);
    expect(nestsDeeperThan(bytes(JSON.stringify({ text: 'say "[[[["' })), 1)).toBe(false);
    // A string ending in an escaped backslash ends at the next quote.
    expect(nestsDeeperThan(bytes(`${JSON.stringify({ text: 'a\\' })}[[`), 1)).toBe(true);
  });

  it('reads multi-byte characters as no structure', () => {
    expect(nestsDeeperThan(bytes('{"ü[":"€{😀"}'), 1)).toBe(false);
  });
});
