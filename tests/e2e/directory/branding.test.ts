/**
 * Branding CSS: the network's default theme as CSS custom properties, for members,
 * `text/css; charset=utf-8`, a strong `ETag` of the content (304 on a match, a new one when the
 * theme changes); URLs cannot break out of the sheet; linked from the network resource.
 * Decisions: "Directory: default avatars, emblems and branding CSS".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, mediaType } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
let bobToken: string;

const cssPath = (networkEID: string) => `/networks/${networkEID}/branding.css`;
const css = (token: string, headers: Record<string, string> = {}) =>
  call(cssPath(network.networkEID), { token, accept: 'text/css', headers });

async function newTheme(json: Record<string, unknown>): Promise<string> {
  const theme = await call(`/networks/${network.networkEID}/themes/`, { token: adminToken, json });
  if (theme.status !== 201) throw new Error(`theme: ${theme.status} ${theme.text}`);
  return String(theme.body.EID);
}

beforeAll(async () => {
  network = await newNetwork();
  const bob = await network.newMember();
  [adminToken, bobToken] = await Promise.all([network.admin.token(), bob.token()]);
});

describe('branding CSS', () => {
  it('answers an empty sheet before the network has a default theme', async () => {
    const response = await css(bobToken);
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(response.text).toContain('no default theme');
    expect(response.text).toContain(':root {}');
  });

  it("follows the default theme's colours, with a strong ETag, 304 and a new ETag on change", async () => {
    const themeEID = await newTheme({
      name: 'Brand',
      default: true,
      buttonColor: '#112233',
      headerColor: '#445566',
      linkColor: '#778899',
      tertiary: '#abcdef',
      properties: { spectrum: { primary: '#0000ff' } },
      groupHeaderBackgroundUrl: 'https://cdn.example/group.png',
    });
    const first = await css(bobToken);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    for (const line of [
      '--ncs-button-color: #112233;',
      '--ncs-header-color: #445566;',
      '--ncs-link-color: #778899;',
      '--ncs-tertiary-color: #abcdef;',
      '--ncs-spectrum-primary: #0000ff;',
      '--ncs-group-header-background-image: url("https://cdn.example/group.png");',
      'a, .ncs-link { color: var(--ncs-link-color); }',
    ])
      expect(first.text).toContain(line);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const unchanged = await css(adminToken, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');

    const edited = await call(`/networks/${network.networkEID}/themes/${themeEID}/`, {
      token: adminToken,
      method: 'PUT',
      json: { linkColor: '#010203' },
    });
    expect(edited.status, edited.text).toBe(200);
    const after = await css(bobToken, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.text).toContain('--ncs-link-color: #010203;');
    expect(after.text).not.toContain('#778899');
    expect(after.headers.get('etag')).not.toBe(etag);

    // Another theme becomes the default: its colours.
    await newTheme({ name: 'Other', default: true, buttonColor: '#fedcba' });
    const other = await css(bobToken);
    expect(other.text).toContain('--ncs-button-color: #fedcba;');
    expect(other.text).not.toContain('#010203');
  });

  it('escapes URLs so that ) ; quotes or </style> cannot break out', async () => {
    await newTheme({
      name: 'Evil',
      default: true,
      backgroundUrl: '/x.png");}body{color:red}</style><script>alert(1)</script>',
      loginBackgroundUrls: ["https://a.example/a.png');x:y;("],
    });
    const response = await css(bobToken);
    expect(response.status).toBe(200);
    const text = response.text;
    expect(text).not.toContain('</style');
    expect(text).not.toContain('<script');
    expect(text).not.toContain('");}');
    expect(text).toContain(
      '--ncs-background-image: url("/x.png\\22 \\29 \\3b \\7d body\\7b color:red\\7d \\3c /style\\3e \\3c script\\3e alert\\28 1\\29 \\3c /script\\3e ");',
    );
    expect(text).toContain(
      '--ncs-login-background-image-1: url("https://a.example/a.png\\27 \\29 \\3b x:y\\3b \\28 ");',
    );
    // Every declaration is one line that ends the way it started: nothing leaked into another.
    const declarations = text.split('\n').filter((line) => line.startsWith('  --ncs-'));
    for (const line of declarations)
      expect(line).toMatch(/^ {2}--ncs-[a-z0-9-]+: (#[0-9a-f]{6}|url\("[^"]*"\));$/);
  });

  it('is refused with a colour that is not #rrggbb (400 naming the field)', async () => {
    const refused = await call(`/networks/${network.networkEID}/themes/`, {
      token: adminToken,
      json: { name: 'Bad', linkColor: 'red;}body{x' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('linkColor');
  });

  it('is 404 problem+json for a non-member and 401 without a token', async () => {
    const stranger = await newNetwork();
    const otherToken = await stranger.admin.token();
    const refused = await css(otherToken);
    expect(refused.status).toBe(404);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await call(cssPath(network.networkEID), { accept: 'text/css' })).status).toBe(401);
  });

  it('is linked from the network resource (from 2023.0.1)', async () => {
    const latest = await call(`/networks/${network.networkEID}/`, { token: bobToken });
    const href = (latest.body._links as Record<string, { href: string }>).branding?.href;
    expect(href).toMatch(new RegExp(`/networks/${network.networkEID}/branding\\.css$`));
    expect((await call(new URL(href!).pathname, { token: bobToken, accept: 'text/css' })).status).toBe(200);
    const old = await call(`/networks/${network.networkEID}/`, {
      token: bobToken,
      accept: mediaType('1.6.8'),
    });
    expect(old.body._links).not.toHaveProperty('branding');
  });
});
