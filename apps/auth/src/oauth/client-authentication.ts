/**
 * Client authentication of the token endpoints (RFC 6749 §2.3.1): the client's secret is verified
 * against its scrypt hash, with a decoy hash for an unknown client (equal timing).
 */
import { DomainError } from '@ncs/contracts';
import type { AuthModels } from '../models.js';
import type { ClientDoc } from './models.js';
import { decoyHash, verifySecret } from './secrets.js';

export interface TokenRequest {
  readonly grant_type?: string;
  readonly client_id?: string;
  readonly client_secret?: string;
  readonly username?: string;
  readonly password?: string;
  readonly refresh_token?: string;
  readonly code?: string;
  readonly redirect_uri?: string;
  readonly code_verifier?: string;
  readonly scope?: string;
  readonly token?: string;
  readonly token_type_hint?: string;
}

export function required(request: TokenRequest, field: keyof TokenRequest): string {
  const value = request[field];
  if (typeof value !== 'string' || value.length === 0) {
    throw new DomainError('OAUTH_INVALID_REQUEST', `${field} is required.`);
  }
  return value;
}

export async function authenticateClient(models: AuthModels, request: TokenRequest): Promise<ClientDoc> {
  const clientId = required(request, 'client_id');
  const secret = request.client_secret ?? '';
  const client = await models.Client.findOne({ clientId }).lean<ClientDoc>();
  const valid = await verifySecret(secret, client?.secretHash ?? (await decoyHash()));
  if (!client || !valid || secret.length === 0) throw new DomainError('OAUTH_INVALID_CLIENT');
  return client;
}
