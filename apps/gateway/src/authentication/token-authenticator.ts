/**
 * Authentication of every non-public request: the access token from `Authorization: Bearer` or the
 * `access_token` query parameter, resolved by the auth service over NATS and cached briefly.
 */
import { createHash } from 'node:crypto';
import {
  DomainError,
  internalSubjects,
  scopesGranting,
  type RequestContext,
  type TokenPrincipal,
} from '@ncs/contracts';
import { ExpiringMap, SingleFlight, type RpcClient } from '@ncs/service-kit';

/** Why a token was refused, as RFC 6750 `error` values. */
export class AuthenticationError extends DomainError {
  readonly bearerError: 'invalid_request' | 'invalid_token' | undefined;
  constructor(message: string, bearerError?: 'invalid_request' | 'invalid_token') {
    super('UNAUTHENTICATED', message);
    this.bearerError = bearerError;
  }
}

/** RFC 6750 §3.1: the token is valid but its scope does not grant the route (403). */
export class InsufficientScopeError extends DomainError {
  /** The scopes that grant the route; empty when only an unscoped (first-party or app) token may call it. */
  readonly requiredScopes: readonly string[];
  constructor(tokenScopes: readonly string[], routeId: string) {
    const required = scopesGranting(routeId);
    super(
      'OAUTH_INSUFFICIENT_SCOPE',
      `The token's scope (${tokenScopes.join(' ')}) does not cover this request; ` +
        (required.length > 0
          ? `it needs ${required.join(' or ')}.`
          : 'it needs a token without a scope restriction.'),
    );
    this.requiredScopes = required;
  }
}

export function extractToken(authorization: string | undefined, queryToken: unknown): string {
  const fromQuery = typeof queryToken === 'string' ? queryToken : undefined;
  if (authorization !== undefined) {
    const match = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(authorization);
    if (!match?.[1])
      throw new AuthenticationError('The Authorization header must be "Bearer <token>".', 'invalid_request');
    // RFC 6750 §2 allows one method per request; the same token twice names one caller (generic
    // clients add the header to a link that carries it), two different ones are ambiguous.
    if (fromQuery !== undefined && fromQuery !== match[1]) {
      throw new AuthenticationError(
        'Send one access token: the header and the query name different ones.',
        'invalid_request',
      );
    }
    return match[1];
  }
  if (Array.isArray(queryToken))
    throw new AuthenticationError('access_token is given more than once.', 'invalid_request');
  if (fromQuery) return fromQuery;
  throw new AuthenticationError('An access token is required.');
}

/** The last share of an entry's TTL in which a request also refreshes it in the background. */
const REFRESH_AHEAD_SHARE = 0.2;

/**
 * The principal cache: key SHA-256 of the token, entries for `ttlMs` (capped at the token's expiry),
 * at most `maxEntries`. One lookup per token at a time (single flight): when an entry expires under
 * load, the requests that arrive meanwhile wait for the lookup under way instead of each asking auth
 * again (hundreds at once behind a backlog). A revocation (`forget`) also makes the
 * lookup under way not remembered: it may have read the token before it was revoked.
 *
 * Refresh ahead: in the last fifth of an entry's time a request is still answered from the cache and
 * starts the lookup in the background (one at a time), so a caller under steady traffic never waits
 * for one when its entry ends (every 5 s, all its requests in flight stalled behind one round trip
 * to auth). An entry is still never used past its time, so a revocation that no event announced
 * takes effect within the TTL as before; a lookup that finds the token refused drops the entry at once.
 */
export class TokenAuthenticator {
  private readonly cache: ExpiringMap<TokenPrincipal>;
  private readonly lookups = new SingleFlight<TokenPrincipal | null>();

  constructor(
    private readonly rpc: RpcClient,
    private readonly options: { ttlMs: number; maxEntries: number },
  ) {
    this.cache = new ExpiringMap(options.maxEntries);
  }

  async authenticate(token: string, ctx: RequestContext): Promise<TokenPrincipal> {
    const key = createHash('sha256').update(token).digest('hex');
    const now = Date.now();
    const cached = this.cache.entry(key, now);
    if (cached) {
      if (this.endsSoon(key, cached, now)) this.lookUp(key, token, ctx).catch(() => undefined);
      return cached.value;
    }
    const principal = await this.lookUp(key, token, ctx);
    if (!principal)
      throw new AuthenticationError('The access token is invalid, expired or revoked.', 'invalid_token');
    return principal;
  }

  /** Drops cached principals (e.g. on a revocation event). */
  forget(tokenHashes?: readonly string[]): void {
    if (!tokenHashes) {
      this.cache.clear();
      this.lookups.forget();
    } else {
      for (const hash of tokenHashes) {
        this.cache.delete(hash);
        this.lookups.forget(hash);
      }
    }
  }

  /**
   * Whether the entry of `key` is in the last fifth of its TTL with no lookup under way. Not when it
   * ends with the token itself: a lookup would only store the same end again.
   */
  private endsSoon(
    key: string,
    { value, until }: { value: TokenPrincipal; until: number },
    now: number,
  ): boolean {
    return (
      until - now <= this.options.ttlMs * REFRESH_AHEAD_SHARE &&
      !this.lookups.has(key) &&
      until < tokenEndOf(value)
    );
  }

  /** The lookup under way for the token, else a new one (single flight). */
  private lookUp(key: string, token: string, ctx: RequestContext): Promise<TokenPrincipal | null> {
    return this.lookups.run(key, async () => {
      const since = this.cache.mark();
      const principal = await this.rpc.request(internalSubjects.tokenLookup, {
        ctx,
        body: { token },
      });
      if (principal) this.remember(key, principal, since);
      // A background refresh that finds the token refused: the entry still served goes now. Only
      // when there is one: delete() counts as a deletion even for a missing key, and a deletion
      // stops every lookup started before it from remembering its answer (mark()).
      else if (this.cache.entry(key)) this.cache.delete(key);
      return principal;
    });
  }

  private remember(key: string, principal: TokenPrincipal, since: number): void {
    if (this.options.ttlMs === 0) return;
    this.cache.set(key, principal, Math.min(Date.now() + this.options.ttlMs, tokenEndOf(principal)), since);
  }
}

/** When the token itself ends (epoch ms); never when it has no expiry. */
function tokenEndOf(principal: TokenPrincipal): number {
  return principal.expiresAt ? Date.parse(principal.expiresAt) : Number.POSITIVE_INFINITY;
}
