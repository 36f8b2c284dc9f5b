/**
 * The OAuth 2.0 token service (RFC 6749): client authentication, the password and refresh_token
 * grants, and the lookup of access tokens for the gateway. Tokens are opaque; only SHA-256 is stored.
 */
import { randomUUID } from 'node:crypto';
import { DomainError, type AccessToken, type TokenPrincipal } from '@ncs/contracts';
import type { AuthModels, ClientDoc } from '../models/index.js';
import { permissionsForRole } from './permissions.js';
import { decoyHash, newOpaqueToken, sha256, verifySecret } from './secrets.js';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

export interface TokenRequest {
  readonly grant_type?: string;
  readonly client_id?: string;
  readonly client_secret?: string;
  readonly username?: string;
  readonly password?: string;
  readonly refresh_token?: string;
  readonly scope?: string;
}

const supportedGrants = ['password', 'refresh_token'] as const;

export async function grantToken(models: AuthModels, request: TokenRequest): Promise<AccessToken> {
  const grantType = required(request, 'grant_type');
  if (!(supportedGrants as readonly string[]).includes(grantType)) {
    throw new DomainError('OAUTH_UNSUPPORTED_GRANT_TYPE', `grant_type '${grantType}' is not supported.`);
  }
  const client = await authenticateClient(models, request);
  if (!client.grantTypes.includes(grantType)) {
    throw new DomainError('OAUTH_UNAUTHORIZED_CLIENT', `This client may not use the ${grantType} grant.`);
  }
  if (grantType === 'password') return passwordGrant(models, client, request);
  return refreshGrant(models, client, request);
}

function required(request: TokenRequest, field: keyof TokenRequest): string {
  const value = request[field];
  if (typeof value !== 'string' || value.length === 0) {
    throw new DomainError('OAUTH_INVALID_REQUEST', `${field} is required.`);
  }
  return value;
}

async function authenticateClient(models: AuthModels, request: TokenRequest): Promise<ClientDoc> {
  const clientId = required(request, 'client_id');
  const secret = request.client_secret ?? '';
  const client = await models.Client.findOne({ clientId }).lean<ClientDoc>();
  const valid = await verifySecret(secret, client?.secretHash ?? (await decoyHash()));
  if (!client || !valid || secret.length === 0) throw new DomainError('OAUTH_INVALID_CLIENT');
  return client;
}

async function passwordGrant(
  models: AuthModels,
  client: ClientDoc,
  request: TokenRequest,
): Promise<AccessToken> {
  // Spec: the password grant is only for the platform's own applications.
  if (!client.firstParty) {
    throw new DomainError('OAUTH_UNAUTHORIZED_CLIENT', 'The password grant is only for first-party clients.');
  }
  const username = required(request, 'username').trim().toLowerCase();
  const password = required(request, 'password');
  const account = await models.Account.findOne({ email: username }).lean();
  const valid = await verifySecret(password, account?.passwordHash ?? (await decoyHash()));
  if (!account || !valid) throw new DomainError('OAUTH_INVALID_GRANT', 'The username or password is wrong.');
  const active = await models.Profile.exists({ accountId: String(account._id), userState: 'active' });
  if (!active) throw new DomainError('OAUTH_INVALID_GRANT', 'The account has no active membership.');
  return issueTokenPair(models, {
    accountId: String(account._id),
    clientId: client.clientId,
    familyId: randomUUID(),
  });
}

async function refreshGrant(
  models: AuthModels,
  client: ClientDoc,
  request: TokenRequest,
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
      await models.Token.updateMany(
        { familyId: known.familyId, revokedAt: null },
        { $set: { revokedAt: now } },
      );
    }
    throw new DomainError(
      'OAUTH_INVALID_GRANT',
      'The refresh token is invalid, expired, revoked or already used.',
    );
  }
  const accountId = claimed.accountId ?? null;
  if (accountId && !(await models.Profile.exists({ accountId, userState: 'active' }))) {
    throw new DomainError('OAUTH_INVALID_GRANT', 'The account has no active membership.');
  }
  return issueTokenPair(models, { accountId, clientId: client.clientId, familyId: claimed.familyId });
}

async function issueTokenPair(
  models: AuthModels,
  grant: { accountId: string | null; clientId: string; familyId: string },
): Promise<AccessToken> {
  const accessToken = newOpaqueToken();
  const refreshToken = newOpaqueToken();
  const now = Date.now();
  await models.Token.insertMany([
    {
      ...grant,
      hash: sha256(accessToken),
      kind: 'access',
      expiresAt: new Date(now + ACCESS_TOKEN_TTL_SECONDS * 1000),
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
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refreshToken,
  };
}

/** Resolves an access token to its principal, or null when unknown, expired or revoked. */
export async function lookupAccessToken(models: AuthModels, token: string): Promise<TokenPrincipal | null> {
  if (token.length === 0 || token.length > 512) return null;
  const found = await models.Token.findOne({ hash: sha256(token), kind: 'access', revokedAt: null }).lean();
  if (!found || (found.expiresAt && found.expiresAt.getTime() <= Date.now())) return null;
  const profiles = found.accountId
    ? await models.Profile.find({ accountId: found.accountId, userState: 'active' }).lean()
    : [];
  return {
    accountId: found.accountId ?? null,
    clientId: found.clientId,
    expiresAt: found.expiresAt ? found.expiresAt.toISOString() : null,
    memberships: profiles.map((profile) => ({
      networkEID: profile.networkEID,
      profileEID: String(profile._id),
      role: profile.role,
      external: profile.external,
      permissions: permissionsForRole(profile.role),
    })),
  };
}
