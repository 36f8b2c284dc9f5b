/**
 * Client authentication of the token endpoints (RFC 6749 §2.3.1): the client's secret is verified
 * against its scrypt hash, with a decoy hash for an unknown client (equal timing).
 */
import { DomainError } from '@ncs/contracts';
import type { OAuthStore } from './dependencies.js';
import type { RouteBody } from '../core/requests.js';
import type { ClientDoc } from '../core/client-models.js';
import { decoyHash, verifySecret } from '../core/secrets.js';

/** A token-endpoint form (token, revocation, introspection): the client's credentials and the rest. */
export type TokenRequest = RouteBody<'oauth.token'> | RouteBody<'oauth.revoke'>;

/** A field of the form that must be present and not empty (else `invalid_request`). */
export function required<R extends TokenRequest>(request: R, field: keyof R & string): string {
  const value: unknown = request[field];
  if (typeof value !== 'string' || value.length === 0) {
    throw new DomainError('OAUTH_INVALID_REQUEST', `${field} is required.`);
  }
  return value;
}

export async function authenticateClient(models: OAuthStore, request: TokenRequest): Promise<ClientDoc> {
  const clientId = required(request, 'client_id');
  const secret = request.client_secret ?? '';
  const client = await models.Client.findOne({ clientId }).lean<ClientDoc>();
  const valid = await verifySecret(secret, client?.secretHash ?? (await decoyHash()));
  if (!client || !valid || secret.length === 0) throw new DomainError('OAUTH_INVALID_CLIENT');
  return client;
}
