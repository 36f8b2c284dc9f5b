import { describe, expect, it } from 'vitest';
import { appUrlProblem, type ManifestInput, normalizeManifest } from './manifests.js';

const base: ManifestInput = {
  redirectUris: ['https://app.example/callback'],
  entryPoints: [{ name: 'main', context: 'external', url: 'https://app.example/' }],
  permissions: ['list_groups'],
};

describe('appUrlProblem', () => {
  it.each([
    'https://app.example/callback',
    'https://app.example:8443/a?b=c',
    'http://localhost:3000/cb',
    'http://127.0.0.1/cb',
    'http://[::1]:8080/cb',
  ])('accepts %s', (url) => expect(appUrlProblem(url)).toBeUndefined());

  it.each([
    ['/relative', 'must be an absolute URL'],
    ['app.example/cb', 'must be an absolute URL'],
    ['http://app.example/cb', 'must be an https URL (http only for localhost)'],
    ['javascript:alert(1)', 'must be an https URL (http only for localhost)'],
    ['ftp://app.example/', 'must be an https URL (http only for localhost)'],
    ['https://good@evil.example/cb', 'must not contain user info'],
    ['https://@evil.example/cb', 'must not contain user info'],
    ['https://a:b@evil.example/cb', 'must not contain user info'],
    ['https://app.example/cb#frag', 'must not contain a fragment'],
    ['https://app.example/c b', 'must not contain white space'],
  ])('refuses %s', (url, message) => expect(appUrlProblem(url)).toBe(message));
});

describe('normalizeManifest', () => {
  it('applies the spec defaults to entry points (includeExternalUsers true) and empty events', () => {
    const { manifest } = normalizeManifest(base);
    expect(manifest).toEqual({
      description: '',
      redirectUris: ['https://app.example/callback'],
      entryPoints: [
        {
          name: 'main',
          context: 'external',
          url: 'https://app.example/',
          includeExternalUsers: true,
          fallbackUrl: null,
          urlAppendNetwork: false,
          hasMenuItem: false,
          isDynamic: false,
          widgetHeight: null,
          lightboxTemplate: null,
          localLabel: null,
        },
      ],
      permissions: ['list_groups'],
      events: { url: null, subscriptions: [] },
    });
  });

  it('names every field that is wrong', () => {
    const { manifest, problems } = normalizeManifest({
      redirectUris: ['https://ok.example/cb', 'http://insecure.example/cb'],
      entryPoints: [
        { name: 'main', context: 'external', url: 'https://app.example/', urlAppendNetwork: true },
        { name: 'main', context: 'widget', url: 'https://app.example/w', urlAppendNetwork: true },
        { name: 'menu', context: 'appMenuItem', url: 'https://app.example/m', isDynamic: true },
        {
          name: 'box',
          context: 'lightbox',
          url: 'https://app.example/b',
          fallbackUrl: 'https://x@y.example/',
        },
      ],
      permissions: ['list_groups', 'become_root'],
      events: { subscriptions: ['message.created'] },
    });
    expect(manifest).toBeUndefined();
    expect(problems).toEqual([
      { pointer: '/body/redirectUris/1', message: 'must be an https URL (http only for localhost)' },
      { pointer: '/body/entryPoints/1/name', message: 'is the name of another entry point' },
      { pointer: '/body/entryPoints/1/urlAppendNetwork', message: 'applies only to external entry points' },
      { pointer: '/body/entryPoints/1/widgetHeight', message: 'is required for a widget entry point' },
      {
        pointer: '/body/entryPoints/2/isDynamic',
        message: 'needs hasMenuItem: a dynamic label belongs to a menu item',
      },
      { pointer: '/body/entryPoints/3/fallbackUrl', message: 'must not contain user info' },
      { pointer: '/body/permissions/1', message: 'is not an application permission' },
      { pointer: '/body/events/url', message: 'is required when subscriptions are given' },
    ]);
  });

  it('keeps context fields on their own context and false/null values elsewhere', () => {
    const { manifest, problems } = normalizeManifest({
      ...base,
      entryPoints: [
        { name: 'w', context: 'widget', url: 'https://app.example/w', widgetHeight: 250, hasMenuItem: false },
        {
          name: 'm',
          context: 'appMenuItem',
          url: 'https://app.example/m',
          hasMenuItem: true,
          isDynamic: true,
        },
        {
          name: 'l',
          context: 'lightbox',
          url: 'https://app.example/l',
          lightboxTemplate: 'wide',
          widgetHeight: null,
        },
      ],
    });
    expect(problems).toEqual([]);
    expect(
      manifest?.entryPoints.map((e) => [e.name, e.widgetHeight, e.hasMenuItem, e.lightboxTemplate]),
    ).toEqual([
      ['w', 250, false, null],
      ['m', null, true, null],
      ['l', null, false, 'wide'],
    ]);
  });
});
