/**
 * The authorization-code flow over HTTP, its `/auth` page driven as a browser would (form posts, no
 * redirects followed): sign-in, consent and refusal, served safely, HTML escaping, form replay, and
 * redirect URI variants and client ids checked before any redirect. The code exchange, PKCE and the
 * logs: code-exchange.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { authorizeUrl, browse, formToken, REDIRECT } from '../../support/factories/apps.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { authorize, setup } from './code-setup.js';

afterAll(closeFactories);

describe('GET /auth and POST /auth: the page', () => {
  it('shows a sign-in page with the app name and scope, served safely (CSP, no framing, no cache)', async () => {
    const s = await setup();
    const page = await browse(
      authorizeUrl({
        client_id: s.client.clientId,
        redirect_uri: REDIRECT,
        scope: 'profile.basic.read',
        state: 'x',
        network: s.network.networkEID,
      }),
    );
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.html).toContain('Test app');
    expect(page.html).toContain('profile.basic.read');
    expect(page.html).toContain('Code flow network');
  });

  it('escapes everything it shows (no HTML injection through the app name)', async () => {
    const s = await setup({ name: '<script>alert(1)</script>"&' });
    const page = await browse(
      authorizeUrl({
        client_id: s.client.clientId,
        redirect_uri: REDIRECT,
        scope: 'profile.basic.read',
        state: 'x',
        network: s.network.subdomain,
      }),
    );
    expect(page.html).not.toContain('<script>');
    expect(page.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;');
  });

  it('shows the sign-in page again for a wrong password or a non-member, never redirecting', async () => {
    const s = await setup();
    const outsider = await (await newNetwork()).newMember();
    const login = await browse(
      authorizeUrl({
        client_id: s.client.clientId,
        redirect_uri: REDIRECT,
        scope: 'profile.basic.read',
        state: 'x',
        network: s.network.subdomain,
      }),
    );
    const wrong = await browse('/auth', {
      form_token: formToken(login),
      action: 'login',
      email: s.person.email,
      password: 'wrong-password',
    });
    expect(wrong.status).toBe(200);
    expect(wrong.location).toBeUndefined();
    expect(wrong.html).toContain('The email or password is wrong');
    const nonMember = await browse('/auth', {
      form_token: formToken(wrong),
      action: 'login',
      email: outsider.email,
      password: outsider.password,
    });
    expect(nonMember.status).toBe(200);
    expect(nonMember.html).toContain('The email or password is wrong');
  });

  it('accepts a form token once (CSRF/replay): a second post of the same form is a 400 page', async () => {
    const s = await setup();
    const login = await browse(
      authorizeUrl({
        client_id: s.client.clientId,
        redirect_uri: REDIRECT,
        scope: 'profile.basic.read',
        state: 'x',
        network: s.network.subdomain,
      }),
    );
    const fields = {
      form_token: formToken(login),
      action: 'login',
      email: s.person.email,
      password: s.person.password,
    };
    expect((await browse('/auth', fields)).status).toBe(200);
    const again = await browse('/auth', fields);
    expect(again.status).toBe(400);
    expect(again.location).toBeUndefined();
    expect(again.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const forged = await browse('/auth', { form_token: 'forged', action: 'accept' });
    expect(forged.status).toBe(400);
    expect(forged.location).toBeUndefined();
  });

  it('redirects with error=access_denied and the state when the person declines', async () => {
    const location = await authorize(await setup(), {}, 'decline');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('st-123');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('redirects with error=invalid_scope for an unknown scope, keeping the state', async () => {
    const s = await setup();
    const page = await browse(
      authorizeUrl({
        client_id: s.client.clientId,
        redirect_uri: REDIRECT,
        scope: 'profile.basic.read admin.everything',
        state: 'keep-me',
        network: s.network.subdomain,
      }),
    );
    expect(page.status).toBe(302);
    expect(page.location?.searchParams.get('error')).toBe('invalid_scope');
    expect(page.location?.searchParams.get('state')).toBe('keep-me');
  });
});

describe('redirect_uri and client_id are checked before any redirect', () => {
  const variants = [
    ['trailing slash', `${REDIRECT}/`],
    ['extra query', `${REDIRECT}?extra=1`],
    ['case', 'https://APP.example/callback'],
    ['path case', 'https://app.example/Callback'],
    ['userinfo', 'https://app.example@evil.example/callback'],
    ['userinfo good@evil', 'https://good@evil.example/callback'],
    ['other scheme', 'http://app.example/callback'],
    ['other host', 'https://evil.example/callback'],
    ['missing', ''],
  ] as const;

  it.each(variants)('never redirects to a variant (%s): 400 HTML error page', async (_name, uri) => {
    const s = await setup();
    const page = await browse(
      authorizeUrl({
        client_id: s.client.clientId,
        ...(uri ? { redirect_uri: uri } : {}),
        scope: 'profile.basic.read',
        state: 'x',
        network: s.network.subdomain,
      }),
    );
    expect(page.status).toBe(400);
    expect(page.location).toBeUndefined();
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.html).toContain('redirect_uri');
  });

  it('shows an error page for a missing or unknown client_id, and for a repeated parameter', async () => {
    const missing = await browse(
      authorizeUrl({ redirect_uri: REDIRECT, scope: 'profile.basic.read', state: 'x' }),
    );
    expect(missing.status).toBe(400);
    expect(missing.html).toContain('client_id');
    const unknown = await browse(
      authorizeUrl({
        client_id: 'no-such-app',
        redirect_uri: REDIRECT,
        scope: 'profile.basic.read',
        state: 'x',
      }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.location).toBeUndefined();
    const repeated = await browse(
      `/auth?client_id=a&client_id=b&redirect_uri=${encodeURIComponent(REDIRECT)}`,
    );
    expect(repeated.status).toBe(400);
    expect(repeated.location).toBeUndefined();
  });
});
