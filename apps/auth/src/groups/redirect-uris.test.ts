import { describe, expect, it } from 'vitest';
import { redirectUrisProblem } from './redirect-uris.js';

describe('a group’s redirect URIs', () => {
  it('accepts https URLs, loopback http and none at all', () => {
    expect(
      redirectUrisProblem([
        'https://app.example/callback',
        'http://localhost:8080/cb',
        'http://127.0.0.1/cb',
        'http://[::1]:3000/',
      ]),
    ).toBeUndefined();
    expect(redirectUrisProblem([])).toBeUndefined();
  });

  it.each([
    ['a relative reference', ['/callback'], 0, /absolute/],
    ['http to a host that is not loopback', ['https://a.example/', 'http://app.example/cb'], 1, /https/],
    ['another scheme', ['javascript:alert(1)'], 0, /https/],
    ['user info', ['https://good.example@evil.example/'], 0, /user info/],
    ['a fragment', ['https://app.example/cb#x'], 0, /fragment/],
    ['white space', ['https://app.example/a b'], 0, /white space/],
    ['a repeated URI', ['https://a.example/cb', 'https://b.example/', 'https://a.example/cb'], 2, /repeats/],
    ['the same URL spelt otherwise', ['https://A.example', 'https://a.example/'], 1, /repeats/],
  ])('refuses %s, naming the item', (_why, uris, index, message) => {
    expect(redirectUrisProblem(uris)).toEqual({
      pointer: `/body/redirectUris/${index}`,
      message: expect.stringMatching(message),
    });
  });
});
