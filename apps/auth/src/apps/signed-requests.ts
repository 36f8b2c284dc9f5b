/**
 * Signed requests (spec: "Signed requests carry `locale`, `device`, `position`, `appData`, `role`.
 * Signature scheme: not shown"). When a member opens an app, the client asks for a signed request
 * and posts it to the entry point's URL; the app verifies it with its signing secret and learns
 * who opens it, where, in which network and role, without a token exchange.
 *
 * Scheme (docs/decisions.md): a JWS in compact serialization (RFC 7515) with `alg` HS256 (HMAC-
 * SHA256, RFC 7518 §3.2), header `{ alg, typ: "JWT", kid }`, the key being the UTF-8 bytes of the
 * app's signing secret, and JWT claims (RFC 7519): `aud` the app's EID, `sub` the profile EID,
 * `iat`, `exp` (five minutes later), `jti` (unique, for the app to refuse replays), plus
 * `networkEID`, `userEID`, `role`, `locale`, `device`, `position`, `appData`, `entryPoint`. Any JWT
 * library verifies it; {@link verifySignedRequest} is the reference verifier for apps.
 */
import { type RouteBody } from '../core/requests.js';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  DomainError,
  toTimestamp,
  type PlainResource,
  type RequestContext,
  type SignedRequestClaimsValue,
} from '@ncs/contracts';
import type { AppsStore } from './dependencies.js';
import { networkCallerOf, requirePerson } from './access.js';
import { visibleEntryPoints } from './installations.js';
import type { AppManifestDoc } from './models.js';
import type { SigningSecretBox } from './signing-secret-box.js';
import { readSigningKey } from './signing-keys.js';

export const SIGNED_REQUEST_TTL_SECONDS = 300;
/** Clock difference between the platform and an app that a verifier tolerates. */
export const SIGNED_REQUEST_CLOCK_SKEW_SECONDS = 60;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function hmac(secret: string, signingInput: string): Buffer {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(signingInput, 'ascii').digest();
}

/** `base64url(header).base64url(claims).base64url(HMAC-SHA256(secret, first two parts))`. */
export function signSignedRequest(claims: SignedRequestClaimsValue, secret: string, keyId: string): string {
  const signingInput = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: keyId }))}.${base64url(
    JSON.stringify(claims),
  )}`;
  return `${signingInput}.${hmac(secret, signingInput).toString('base64url')}`;
}

export type SignedRequestVerification =
  | { readonly valid: true; readonly claims: SignedRequestClaimsValue; readonly keyId: string | undefined }
  | { readonly valid: false; readonly reason: string };

const B64URL = /^[A-Za-z0-9_-]+$/;

function decodeJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What an app does with a signed request: checks the form, that `alg` is HS256 (never `none` or
 * another algorithm chosen by the sender), the signature in constant time, that it is meant for
 * this app (`aud`), and that it is neither expired nor issued in the future. Replays within the
 * lifetime are the app's to refuse by `jti`.
 */
export function verifySignedRequest(
  signedRequest: string,
  secret: string,
  expected: { readonly appEID: string; readonly now?: Date },
): SignedRequestVerification {
  const parts = signedRequest.split('.');
  if (parts.length !== 3 || !parts.every((part) => B64URL.test(part))) {
    return { valid: false, reason: 'not a JWS in compact serialization' };
  }
  const [headerPart, claimsPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  if (!header || header.alg !== 'HS256' || header.typ !== 'JWT') {
    return { valid: false, reason: 'the header is not { alg: HS256, typ: JWT }' };
  }
  const expectedSignature = hmac(secret, `${headerPart}.${claimsPart}`);
  const signature = Buffer.from(signaturePart, 'base64url');
  if (signature.length !== expectedSignature.length || !timingSafeEqual(signature, expectedSignature)) {
    return { valid: false, reason: 'the signature does not match' };
  }
  const claims = decodeJson(claimsPart);
  if (!claims) return { valid: false, reason: 'the claims are not a JSON object' };
  if (claims.aud !== expected.appEID) return { valid: false, reason: 'it is meant for another app' };
  const now = Math.floor((expected.now ?? new Date()).getTime() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp + SIGNED_REQUEST_CLOCK_SKEW_SECONDS <= now) {
    return { valid: false, reason: 'it has expired' };
  }
  if (typeof claims.iat !== 'number' || claims.iat - SIGNED_REQUEST_CLOCK_SKEW_SECONDS > now) {
    return { valid: false, reason: 'it was issued in the future' };
  }
  return {
    valid: true,
    claims: claims as unknown as SignedRequestClaimsValue,
    keyId: typeof header.kid === 'string' ? header.kid : undefined,
  };
}

/** The body of `POST /networks/{networkEID}/apps/{appEID}/signed-request`, validated by its schema. */
export type SignRequestInput = RouteBody<'app.signRequest'>;

/**
 * `POST /networks/{networkEID}/apps/{appEID}/signrequest`: a member (not an app token) opening an
 * app installed in the network, at an entry point the member may see.
 */
export async function issueSignedRequest(
  models: AppsStore,
  ctx: RequestContext,
  appEID: string,
  body: SignRequestInput,
  signingSecrets: SigningSecretBox,
): Promise<PlainResource> {
  const caller = await networkCallerOf(models, ctx);
  requirePerson(caller);
  const installed = await models.Installation.exists({ networkEID: caller.networkEID, clientId: appEID });
  if (!installed) throw new DomainError('APPS_ERR_APP_NOT_INSTALLED');
  const [manifest, key, profile] = await Promise.all([
    models.AppManifest.findOne({ clientId: appEID }).lean<AppManifestDoc>(),
    readSigningKey(models, signingSecrets, appEID),
    // The person's language in this network (the profile's), never the account's.
    models.Profile.findById(caller.profileEID, { language: 1 }).lean(),
  ]);
  const entryPoint = visibleEntryPoints(manifest, caller.external).find((e) => e.name === body.entryPoint);
  if (!entryPoint) {
    throw new DomainError('APPS_ERR_UNKNOWN_ENTRY_POINT', undefined, [
      { pointer: '/body/entryPoint', message: 'is not an entry point of this app that you may open' },
    ]);
  }
  if (!key) throw new DomainError('APPS_ERR_NO_SIGNING_SECRET');
  const issuedAt = Math.floor(Date.now() / 1000);
  const jti = randomBytes(12).toString('hex');
  const claims: SignedRequestClaimsValue = {
    aud: appEID,
    sub: caller.profileEID,
    networkEID: caller.networkEID,
    userEID: caller.profileEID,
    role: caller.role,
    locale: body.locale ?? ctx.language ?? profile?.language ?? caller.network.language ?? 'en',
    device: body.device,
    position: body.position,
    appData: body.appData ?? null,
    entryPoint: entryPoint.name,
    iat: issuedAt,
    exp: issuedAt + SIGNED_REQUEST_TTL_SECONDS,
    jti,
  };
  return {
    type: 'signed_request',
    EID: jti,
    app: { type: 'app', EID: appEID },
    network: { type: 'network', EID: caller.networkEID },
    entryPoint: entryPoint.name,
    url: entryPoint.url,
    signedRequest: signSignedRequest(claims, key.secret, key.keyId),
    claims,
    expiresAt: toTimestamp(new Date(claims.exp * 1000)),
  };
}
