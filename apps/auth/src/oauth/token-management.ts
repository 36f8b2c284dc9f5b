/**
 * Tokens after they are issued: revocation (RFC 7009), introspection (RFC 7662), metadata
 * (RFC 8414), and the lookup of access tokens for the gateway.
 */
import { toTimestamp, type Introspection, type Membership, type TokenPrincipal } from '@ncs/contracts';
import { appMayActIn } from '../apps/access.js';
import { permissionsForRole, principalRole } from '../core/permissions.js';
import type { OAuthStore } from './dependencies.js';
import type { RouteBody } from '../core/requests.js';
import { authenticateClient, required } from './client-authentication.js';
import { revokeFamily, supportedGrants, SUPPORTED_SCOPES, type RevocationSink } from './grants.js';
import type { TokenDoc } from '../core/client-models.js';
import { sha256 } from '../core/secrets.js';

/** Revocation and introspection forms (RFC 7009, RFC 7662). */
type TokenManagementRequest = RouteBody<'oauth.revoke'>;

/**
 * RFC 7009: the client revokes a token issued to it; the whole grant (its family) goes with it.
 * An unknown token, or another client's, is answered 200 too (§2.2) and nothing changes.
 */
export async function revokeToken(
  models: OAuthStore,
  request: TokenManagementRequest,
  onRevoked: RevocationSink,
): Promise<Record<string, never>> {
  const client = await authenticateClient(models, request);
  const token = required(request, 'token');
  const found = await models.Token.findOne({ hash: sha256(token) }, { familyId: 1, clientId: 1 }).lean();
  if (found && found.clientId === client.clientId) await revokeFamily(models, found.familyId, onRevoked);
  return {};
}

/**
 * RFC 7662: first-party clients (the platform's resource servers) may introspect any token, other
 * clients only their own; everything else is `{ active: false }`, never an error.
 */
export async function introspectToken(
  models: OAuthStore,
  request: TokenManagementRequest,
): Promise<Introspection> {
  const client = await authenticateClient(models, request);
  const token = required(request, 'token');
  if (token.length > 512) return { active: false };
  const found = await models.Token.findOne({ hash: sha256(token) }).lean<TokenDoc>();
  if (!found || !(await isActive(models, found))) return { active: false };
  if (!client.firstParty && found.clientId !== client.clientId) return { active: false };
  return {
    active: true,
    client_id: found.clientId,
    token_type: found.kind === 'access' ? 'Bearer' : 'refresh_token',
    ...(found.scope ? { scope: found.scope } : {}),
    sub: found.accountId ?? found.clientId,
    iat: Math.floor(found.created.getTime() / 1000),
    ...(found.expiresAt ? { exp: Math.floor(found.expiresAt.getTime() / 1000) } : {}),
    ...(found.networkEID ? { network_eid: found.networkEID } : {}),
  };
}

async function isActive(models: OAuthStore, token: TokenDoc): Promise<boolean> {
  if (token.revokedAt || token.usedAt) return false;
  if (token.expiresAt && token.expiresAt.getTime() <= Date.now()) return false;
  if (!token.accountId) return true;
  return Boolean(
    await models.Profile.exists({
      accountId: token.accountId,
      userState: 'active',
      ...(token.networkEID ? { networkEID: token.networkEID } : {}),
    }),
  );
}

/** RFC 8414 metadata; `baseUrl` is the gateway's public base URL. */
export function authorizationServerMetadata(baseUrl: string) {
  const base = baseUrl.replace(/\/$/, '');
  const clientAuth = ['client_secret_basic', 'client_secret_post'];
  return {
    issuer: base,
    authorization_endpoint: `${base}/auth`,
    token_endpoint: `${base}/oauth/v2/token`,
    revocation_endpoint: `${base}/oauth/v2/revoke`,
    introspection_endpoint: `${base}/oauth/v2/introspect`,
    response_types_supported: ['code'],
    grant_types_supported: [...supportedGrants],
    scopes_supported: [...SUPPORTED_SCOPES],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: clientAuth,
    revocation_endpoint_auth_methods_supported: clientAuth,
    introspection_endpoint_auth_methods_supported: clientAuth,
  };
}

/**
 * Resolves an access token to its principal, or null when unknown, expired or revoked. A user
 * token lists the account's active memberships (only the signed-in network for a code-flow token);
 * an app token lists the networks the app is installed in, without a profile.
 */
export async function lookupAccessToken(models: OAuthStore, token: string): Promise<TokenPrincipal | null> {
  if (token.length === 0 || token.length > 512) return null;
  const found = await models.Token.findOne({ hash: sha256(token), kind: 'access', revokedAt: null }).lean();
  if (!found || (found.expiresAt && found.expiresAt.getTime() <= Date.now())) return null;
  // A code-flow token acts in one network, and only while its app is installed there.
  if (
    found.grantType === 'authorization_code' &&
    found.networkEID &&
    !(await appMayActIn(models, found.clientId, found.networkEID))
  ) {
    return null;
  }
  let memberships: Membership[];
  if (found.accountId) {
    const profiles = await models.Profile.find({
      accountId: found.accountId,
      userState: 'active',
      ...(found.networkEID ? { networkEID: found.networkEID } : {}),
    }).lean();
    memberships = profiles.map((profile) => ({
      networkEID: profile.networkEID,
      profileEID: String(profile._id),
      role: principalRole(profile.role),
      external: profile.external,
      permissions: permissionsForRole(profile.role),
    }));
  } else {
    const installations = await models.Installation.find({ clientId: found.clientId }).lean();
    memberships = installations.map((installation) => ({
      networkEID: installation.networkEID,
      role: 'app',
      external: false,
      permissions: installation.permissions ?? [], // older rows were stored without
    }));
  }
  return {
    accountId: found.accountId ?? null,
    clientId: found.clientId,
    expiresAt: found.expiresAt ? toTimestamp(found.expiresAt) : null,
    memberships,
    ...(found.scope ? { scopes: found.scope.split(' ').filter(Boolean) } : {}),
    // Directory: a code-flow token's one network.
    ...(found.networkEID ? { networkEID: found.networkEID } : {}),
  };
}
