/**
 * The OAuth 2.0 token endpoint (RFC 6749): the authorization_code (with PKCE, RFC 7636), password,
 * refresh_token and client_credentials grants, and the revocation of a token family. Tokens are
 * opaque; only SHA-256 is stored.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { DomainError, supportedScopes, type AccessToken } from '@ncs/contracts';
import { appMayActIn } from '../apps/access.js';
import { signInNameFilter } from '../directory/provisioning.js';
import type { OAuthStore } from './dependencies.js';
import type { RouteBody } from '../core/requests.js';
import { authenticateClient, required } from './client-authentication.js';
import type { ClientDoc } from '../core/client-models.js';
import type { PasswordChecker } from './password-sign-in.js';
import { newOpaqueToken, sha256 } from '../core/secrets.js';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
export const AUTHORIZATION_CODE_TTL_SECONDS = 60;
/** Spec: the only scope of the authorization-code flow (contracts' `scopeGrants` says what it grants). */
export const SUPPORTED_SCOPES: readonly string[] = supportedScopes;

/** Told the SHA-256 hashes of tokens just revoked (the service records a `token.revoked` event). */
export type RevocationSink = (tokenHashes: readonly string[]) => Promise<void>;

/** The token endpoint's form (RFC 6749 §4), as the route's schema validated it. */
type GrantRequest = RouteBody<'oauth.token'>;

export const supportedGrants = [
  'authorization_code',
  'password',
  'refresh_token',
  'client_credentials',
] as const;
type GrantType = (typeof supportedGrants)[number];

export async function grantToken(
  models: OAuthStore,
  request: GrantRequest,
  onRevoked: RevocationSink,
  checkPassword: PasswordChecker,
): Promise<AccessToken> {
  const grantType = required(request, 'grant_type');
  if (!(supportedGrants as readonly string[]).includes(grantType)) {
    throw new DomainError('OAUTH_UNSUPPORTED_GRANT_TYPE', `grant_type '${grantType}' is not supported.`);
  }
  const client = await authenticateClient(models, request);
  if (!client.grantTypes.includes(grantType)) {
    throw new DomainError('OAUTH_UNAUTHORIZED_CLIENT', `This client may not use the ${grantType} grant.`);
  }
  switch (grantType as GrantType) {
    case 'authorization_code':
      return authorizationCodeGrant(models, client, request, onRevoked);
    case 'password':
      return passwordGrant(models, client, request, checkPassword);
    case 'client_credentials':
      return clientCredentialsGrant(models, client, request);
    case 'refresh_token':
      return refreshGrant(models, client, request, onRevoked);
  }
}

async function passwordGrant(
  models: OAuthStore,
  client: ClientDoc,
  request: GrantRequest,
  checkPassword: PasswordChecker,
): Promise<AccessToken> {
  // Spec: the password grant is only for the platform's own applications.
  if (!client.firstParty) {
    throw new DomainError('OAUTH_UNAUTHORIZED_CLIENT', 'The password grant is only for first-party clients.');
  }
  const username = required(request, 'username').trim().toLowerCase();
  const password = required(request, 'password');
  // Throttled per sign-in name and client address (sign-in-throttle.ts); one verification either way.
  const account = await checkPassword({
    filter: signInNameFilter(username),
    signInName: username,
    password,
  });
  if (!account) throw new DomainError('OAUTH_INVALID_GRANT', 'The username or password is wrong.');
  const active = await models.Profile.exists({ accountId: String(account._id), userState: 'active' });
  if (!active) throw new DomainError('OAUTH_INVALID_GRANT', 'The account has no active membership.');
  return issueTokenPair(models, {
    accountId: String(account._id),
    clientId: client.clientId,
    familyId: randomUUID(),
    grantType: 'password',
    networkEID: null,
    scope: null,
  });
}

/** RFC 6749 §4.1.3 with RFC 7636: the code is claimed once, atomically; a second use revokes its tokens. */
async function authorizationCodeGrant(
  models: OAuthStore,
  client: ClientDoc,
  request: GrantRequest,
  onRevoked: RevocationSink,
): Promise<AccessToken> {
  const code = required(request, 'code');
  const redirectUri = required(request, 'redirect_uri');
  const hash = sha256(code);
  const now = new Date();
  const claimed = await models.AuthorizationCode.findOneAndUpdate(
    { hash, usedAt: null },
    { $set: { usedAt: now } },
    { returnDocument: 'after' },
  ).lean();
  if (!claimed) {
    const replayed = await models.AuthorizationCode.findOneAndUpdate(
      { hash },
      { $set: { replayedAt: now } },
      { returnDocument: 'after' },
    ).lean();
    // RFC 6749 §4.1.2: a code used twice revokes every token issued from it.
    if (replayed) await revokeFamily(models, replayed.familyId, onRevoked);
    throw new DomainError(
      'OAUTH_INVALID_GRANT',
      'The authorization code is invalid, expired or already used.',
    );
  }
  if (claimed.clientId !== client.clientId || claimed.expiresAt.getTime() <= now.getTime()) {
    throw new DomainError(
      'OAUTH_INVALID_GRANT',
      'The authorization code is invalid, expired or was issued to another client.',
    );
  }
  if (claimed.redirectUri !== redirectUri) {
    throw new DomainError('OAUTH_INVALID_GRANT', 'redirect_uri does not match the authorization request.');
  }
  verifyPkce(claimed.codeChallenge ?? null, request.code_verifier);
  const member = await models.Profile.exists({
    accountId: claimed.accountId,
    networkEID: claimed.networkEID,
    userState: 'active',
  });
  if (!member) throw new DomainError('OAUTH_INVALID_GRANT', 'The account has no active membership.');
  if (!(await appMayActIn(models, client, claimed.networkEID))) {
    throw new DomainError('OAUTH_INVALID_GRANT', 'The app is not installed in this network.');
  }
  const issued = await issueTokenPair(models, {
    accountId: claimed.accountId,
    clientId: client.clientId,
    familyId: claimed.familyId,
    grantType: 'authorization_code',
    networkEID: claimed.networkEID,
    scope: claimed.scope,
  });
  // A replay that raced this exchange found no tokens to revoke yet: revoke them now.
  if (await models.AuthorizationCode.exists({ _id: claimed._id, replayedAt: { $ne: null } })) {
    await revokeFamily(models, claimed.familyId, onRevoked);
    throw new DomainError(
      'OAUTH_INVALID_GRANT',
      'The authorization code is invalid, expired or already used.',
    );
  }
  return issued;
}

/** RFC 7636 §4.6 (S256 only); a verifier without a challenge is a downgrade attempt and refused. */
function verifyPkce(challenge: string | null, verifier: string | undefined): void {
  if (!challenge) {
    if (verifier !== undefined) {
      throw new DomainError(
        'OAUTH_INVALID_GRANT',
        'code_verifier was sent, but the authorization request had no code_challenge.',
      );
    }
    return;
  }
  if (verifier === undefined || verifier.length === 0) {
    throw new DomainError('OAUTH_INVALID_GRANT', 'code_verifier is required for this code (PKCE).');
  }
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) {
    throw new DomainError(
      'OAUTH_INVALID_GRANT',
      'code_verifier must be 43–128 characters of [A-Za-z0-9._~-].',
    );
  }
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  if (computed.length !== expected.length || !timingSafeEqual(computed, expected)) {
    throw new DomainError('OAUTH_INVALID_GRANT', 'code_verifier does not match the code_challenge.');
  }
}

/** RFC 6749 §4.4: a token bound to the app, not a profile; no refresh token (§4.4.3). */
async function clientCredentialsGrant(
  models: OAuthStore,
  client: ClientDoc,
  request: GrantRequest,
): Promise<AccessToken> {
  if (request.scope !== undefined && request.scope.trim() !== '') {
    throw new DomainError('OAUTH_INVALID_SCOPE', 'App tokens take no scope.');
  }
  const accessToken = newOpaqueToken();
  await models.Token.insertMany([
    {
      hash: sha256(accessToken),
      kind: 'access',
      accountId: null,
      clientId: client.clientId,
      familyId: randomUUID(),
      grantType: 'client_credentials',
      expiresAt: new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000),
    },
  ]);
  return { access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS };
}

async function refreshGrant(
  models: OAuthStore,
  client: ClientDoc,
  request: GrantRequest,
  onRevoked: RevocationSink,
): Promise<AccessToken> {
  const presented = required(request, 'refresh_token');
  const hash = sha256(presented);
  const now = new Date();
  // Claim the refresh token atomically: only one request can rotate it.
  const claimed = await models.Token.findOneAndUpdate(
    {
      hash,
      kind: 'refresh',
      clientId: client.clientId,
      usedAt: null,
      revokedAt: null,
      expiresAt: { $gt: now },
    },
    { $set: { usedAt: now } },
    { returnDocument: 'after' },
  ).lean();
  if (!claimed) {
    const known = await models.Token.findOne({ hash, kind: 'refresh' }).lean();
    if (known?.usedAt && known.clientId === client.clientId) {
      // A rotated refresh token presented again: treat the family as stolen and revoke all of it.
      await revokeFamily(models, known.familyId, onRevoked);
    }
    throw new DomainError(
      'OAUTH_INVALID_GRANT',
      'The refresh token is invalid, expired, revoked or already used.',
    );
  }
  const accountId = claimed.accountId ?? null;
  const networkEID = claimed.networkEID ?? null;
  if (
    accountId &&
    !(await models.Profile.exists({ accountId, userState: 'active', ...(networkEID ? { networkEID } : {}) }))
  ) {
    throw new DomainError('OAUTH_INVALID_GRANT', 'The account has no active membership.');
  }
  // A code-flow grant lives only while the app is installed in its network.
  if (
    claimed.grantType === 'authorization_code' &&
    networkEID &&
    !(await appMayActIn(models, client, networkEID))
  ) {
    throw new DomainError('OAUTH_INVALID_GRANT', 'The app is not installed in this network.');
  }
  return issueTokenPair(models, {
    accountId,
    clientId: client.clientId,
    familyId: claimed.familyId,
    grantType: claimed.grantType === 'authorization_code' ? 'authorization_code' : 'password',
    networkEID,
    scope: claimed.scope ?? null,
  });
}

interface Grant {
  readonly accountId: string | null;
  readonly clientId: string;
  readonly familyId: string;
  readonly grantType: 'password' | 'authorization_code';
  readonly networkEID: string | null;
  readonly scope: string | null;
}

/** Spec: code-flow access tokens do not expire (they are revocable); password ones live an hour. */
async function issueTokenPair(models: OAuthStore, grant: Grant): Promise<AccessToken> {
  const accessToken = newOpaqueToken();
  const refreshToken = newOpaqueToken();
  const now = Date.now();
  const expires = grant.grantType === 'password';
  await models.Token.insertMany([
    {
      ...grant,
      hash: sha256(accessToken),
      kind: 'access',
      expiresAt: expires ? new Date(now + ACCESS_TOKEN_TTL_SECONDS * 1000) : null,
    },
    {
      ...grant,
      hash: sha256(refreshToken),
      kind: 'refresh',
      expiresAt: new Date(now + REFRESH_TOKEN_TTL_SECONDS * 1000),
    },
  ]);
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    ...(expires ? { expires_in: ACCESS_TOKEN_TTL_SECONDS } : {}),
    refresh_token: refreshToken,
    ...(grant.scope ? { scope: grant.scope } : {}),
  };
}

/** Revokes every live token of a family and reports their hashes (for the gateway's cache). */
export async function revokeFamily(
  models: OAuthStore,
  familyId: string,
  onRevoked: RevocationSink,
): Promise<void> {
  const live = await models.Token.find({ familyId, revokedAt: null }, { hash: 1 }).lean();
  if (live.length === 0) return;
  await models.Token.updateMany({ familyId, revokedAt: null }, { $set: { revokedAt: new Date() } });
  await onRevoked(live.map((token) => token.hash));
}
