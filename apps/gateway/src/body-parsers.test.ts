import { describe, expect, it } from 'vitest';
import { invalidUtf8Error, isJsonMediaType, mediaTypeOf, replacementPointer } from './body-parsers.js';

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
