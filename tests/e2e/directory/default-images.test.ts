/**
 * Default avatars and emblems: SVG from the owner, sent by the gateway's asset
 * responder with `ETag`, `If-None-Match` (304) and `Cache-Control`; a name cannot add markup; an
 * unknown group type and another network's profile are 404 problem+json; every default image URL a
 * profile or a group names answers 200. Decisions: "Directory: default avatars, emblems and
 * branding CSS".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, mediaType } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { newGroup } from '../../support/factories/groups.js';

afterAll(closeFactories);

let network: TestNetwork;
let other: TestNetwork;
let adminToken: string;
let bobToken: string;
let bobEID: string;

const avatarPath = (networkEID: string, profileEID: string) =>
  `/networks/${networkEID}/users/${profileEID}/default-avatar.svg`;
const svgAccept = 'image/svg+xml';

beforeAll(async () => {
  [network, other] = await Promise.all([newNetwork(), newNetwork()]);
  const bob = await network.newMember();
  bobEID = bob.profileEID;
  [adminToken, bobToken] = await Promise.all([network.admin.token(), bob.token()]);
});

describe('default emblems', () => {
  it('answers an SVG per group type without a token, cacheable, with an ETag and 304', async () => {
    const seen = new Set<string>();
    for (const type of ['business_unit', 'department', 'local_department', 'group']) {
      const response = await call(`/default-emblems/${type}.svg`, { accept: svgAccept });
      expect(response.status, response.text).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      const etag = response.headers.get('etag')!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
      seen.add(etag);
      const again = await call(`/default-emblems/${type}.svg`, {
        accept: svgAccept,
        headers: { 'if-none-match': etag },
      });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
    }
    expect(seen.size).toBe(4);
  });

  it('answers 404 problem+json for an unknown type, 400 for a malformed one', async () => {
    const unknown = await call('/default-emblems/team.svg', { accept: svgAccept });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(unknown.body).toMatchObject({ code: -234 });
    const malformed = await call('/default-emblems/Team%3Cx%3E.svg', { accept: svgAccept });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(JSON.stringify(malformed.body)).toContain('groupType');
  });

  it("is what a group's defaultEmblemThumbnailUrl names", async () => {
    const group = await newGroup(network.networkEID, adminToken, { groupType: 'business_unit' });
    const url = (group as unknown as { defaultEmblemThumbnailUrl: string }).defaultEmblemThumbnailUrl;
    expect(url).toBe('/default-emblems/business_unit.svg');
    expect((await call(url, { accept: svgAccept })).status).toBe(200);
  });
});

describe('default avatars', () => {
  it("answers a member's initials on the EID's colour, private, with an ETag and 304", async () => {
    const path = avatarPath(network.networkEID, bobEID);
    const response = await call(path, { token: adminToken, accept: svgAccept });
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.text).toContain('>TP</text>');
    expect(response.text).toMatch(/fill="#[0-9a-f]{6}"/);
    const etag = response.headers.get('etag')!;
    const again = await call(path, {
      token: bobToken,
      accept: svgAccept,
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    // Another profile: another colour, so another ETag.
    const own = await call(avatarPath(network.networkEID, network.admin.profileEID), {
      token: bobToken,
      accept: svgAccept,
    });
    expect(own.headers.get('etag')).not.toBe(etag);
  });

  it('escapes a name: no markup enters the SVG, and the ETag follows the name', async () => {
    const path = avatarPath(network.networkEID, bobEID);
    const before = await call(path, { token: bobToken, accept: svgAccept });
    const renamed = await call(`/networks/${network.networkEID}/users/${bobEID}/`, {
      token: bobToken,
      method: 'PUT',
      json: { firstName: '<script>alert(1)</script>', lastName: `"'><svg onload=x>` },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const after = await call(path, { token: bobToken, accept: svgAccept });
    expect(after.status).toBe(200);
    expect(after.text).not.toContain('<script');
    expect(after.text).not.toContain('<svg onload');
    expect(after.text).not.toContain(`"'>`);
    expect(after.text).toContain(
      '&#60;script&#62;alert(1)&#60;/script&#62; &#34;&#39;&#62;&#60;svg onload=x&#62;',
    );
    expect(after.text).toContain('>&#60;&#34;</text>');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it("is 404 problem+json for another network's profile, a missing one and a non-member", async () => {
    const otherToken = await other.admin.token();
    const answers = await Promise.all([
      call(avatarPath(network.networkEID, other.admin.profileEID), { token: adminToken, accept: svgAccept }),
      call(avatarPath(network.networkEID, 'f'.repeat(24)), { token: adminToken, accept: svgAccept }),
      call(avatarPath(network.networkEID, bobEID), { token: otherToken, accept: svgAccept }),
    ]);
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    }
    expect(answers[0].body).toMatchObject({ code: -102 });
    const anonymous = await call(avatarPath(network.networkEID, bobEID), { accept: svgAccept });
    expect(anonymous.status).toBe(401);
  });

  it("is what a profile's defaultAvatarUrl names, in every version", async () => {
    for (const version of ['2026.1.13', '1.6.8']) {
      const profile = await call(`/networks/${network.networkEID}/users/${bobEID}/`, {
        token: adminToken,
        accept: mediaType(version),
      });
      expect(profile.status).toBe(200);
      const url = String(profile.body.defaultAvatarUrl);
      expect(url).toBe(avatarPath(network.networkEID, bobEID));
      expect((await call(url, { token: adminToken, accept: svgAccept })).status).toBe(200);
    }
  });
});
