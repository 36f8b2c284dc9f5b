import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SignedRequestClaimsValue } from '@ncs/contracts';
import { SIGNED_REQUEST_TTL_SECONDS, signSignedRequest, verifySignedRequest } from './signed-requests.js';

const appEID = 'a'.repeat(24);
const secret = 'k9W0m3Zb7xT2sQ4yN8vR1pL6hJ5gF0dC3bA7eU2iO9w';
const now = new Date('2026-05-01T12:00:00Z');
const iat = Math.floor(now.getTime() / 1000);

const claims: SignedRequestClaimsValue = {
  aud: appEID,
  sub: 'b'.repeat(24),
  networkEID: 'c'.repeat(24),
  userEID: 'b'.repeat(24),
  role: 'admin',
  locale: 'nl-NL',
  device: 'ios',
  position: 'menu',
  appData: '{"deep":"link"}',
  entryPoint: 'main',
  iat,
  exp: iat + SIGNED_REQUEST_TTL_SECONDS,
  jti: 'd'.repeat(24),
};

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const [headerPart, claimsPart, signaturePart] = signSignedRequest(claims, secret, 'kid-1').split('.') as [
  string,
  string,
  string,
];

describe('signed requests (JWS, HS256)', () => {
  it('is a compact JWS whose HS256 signature anyone can recompute from the documented scheme', () => {
    expect(JSON.parse(Buffer.from(headerPart, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
      kid: 'kid-1',
    });
    expect(JSON.parse(Buffer.from(claimsPart, 'base64url').toString())).toEqual(claims);
    const expected = createHmac('sha256', Buffer.from(secret, 'utf8'))
      .update(`${headerPart}.${claimsPart}`)
      .digest('base64url');
    expect(signaturePart).toBe(expected);
  });

  it('verifies with the secret and gives the claims and key id', () => {
    const result = verifySignedRequest(`${headerPart}.${claimsPart}.${signaturePart}`, secret, {
      appEID,
      now,
    });
    expect(result).toEqual({ valid: true, claims, keyId: 'kid-1' });
  });

  it('detects a tampered claim (e.g. the role), a tampered header and a tampered signature', () => {
    const forgedClaims = b64({ ...claims, role: 'admin', userEID: 'e'.repeat(24), sub: 'e'.repeat(24) });
    expect(
      verifySignedRequest(`${headerPart}.${forgedClaims}.${signaturePart}`, secret, { appEID, now }),
    ).toEqual({
      valid: false,
      reason: 'the signature does not match',
    });
    const otherKid = b64({ alg: 'HS256', typ: 'JWT', kid: 'kid-2' });
    expect(
      verifySignedRequest(`${otherKid}.${claimsPart}.${signaturePart}`, secret, { appEID, now }).valid,
    ).toBe(false);
    const flipped = `${signaturePart.startsWith('A') ? 'B' : 'A'}${signaturePart.slice(1)}`;
    expect(verifySignedRequest(`${headerPart}.${claimsPart}.${flipped}`, secret, { appEID, now }).valid).toBe(
      false,
    );
    expect(
      verifySignedRequest(`${headerPart}.${claimsPart}.${signaturePart}`, `${secret}x`, { appEID, now }),
    ).toEqual({ valid: false, reason: 'the signature does not match' });
  });

  it('refuses alg none and other algorithms, whatever the signature', () => {
    const none = b64({ alg: 'none', typ: 'JWT' });
    expect(verifySignedRequest(`${none}.${claimsPart}.`, secret, { appEID, now }).valid).toBe(false);
    expect(verifySignedRequest(`${none}.${claimsPart}.${signaturePart}`, secret, { appEID, now }).valid).toBe(
      false,
    );
    const hs512 = b64({ alg: 'HS512', typ: 'JWT' });
    const input = `${hs512}.${claimsPart}`;
    const signature = createHmac('sha512', secret).update(input).digest('base64url');
    expect(verifySignedRequest(`${input}.${signature}`, secret, { appEID, now })).toMatchObject({
      valid: false,
    });
  });

  it('refuses a request for another app, an expired one and one from the future', () => {
    const token = `${headerPart}.${claimsPart}.${signaturePart}`;
    expect(verifySignedRequest(token, secret, { appEID: 'f'.repeat(24), now })).toEqual({
      valid: false,
      reason: 'it is meant for another app',
    });
    const later = new Date(now.getTime() + (SIGNED_REQUEST_TTL_SECONDS + 61) * 1000);
    expect(verifySignedRequest(token, secret, { appEID, now: later })).toEqual({
      valid: false,
      reason: 'it has expired',
    });
    // Within the tolerated clock skew it still verifies.
    const skewed = new Date(now.getTime() + (SIGNED_REQUEST_TTL_SECONDS + 30) * 1000);
    expect(verifySignedRequest(token, secret, { appEID, now: skewed }).valid).toBe(true);
    const earlier = new Date(now.getTime() - 120 * 1000);
    expect(verifySignedRequest(token, secret, { appEID, now: earlier })).toEqual({
      valid: false,
      reason: 'it was issued in the future',
    });
  });

  it('refuses malformed input', () => {
    for (const bad of [
      '',
      'a.b',
      'a.b.c.d',
      `${headerPart}.${claimsPart}.${signaturePart}=`,
      '..',
      'a b.c.d',
    ]) {
      expect(verifySignedRequest(bad, secret, { appEID, now }).valid, bad).toBe(false);
    }
    const notObject = Buffer.from('[1]').toString('base64url');
    const input = `${headerPart}.${notObject}`;
    const signature = createHmac('sha256', secret).update(input).digest('base64url');
    expect(verifySignedRequest(`${input}.${signature}`, secret, { appEID, now })).toEqual({
      valid: false,
      reason: 'the claims are not a JSON object',
    });
  });
});
