/**
 * Rate limits by who the caller really is (ARCHITECTURE §2):
 *
 * - a request on a route that needs a token counts against its principal once the token is
 *   resolved (the account, or the app of a client-credentials token), so every token of one person
 *   shares one budget; the lookup is the one routing uses (`authentication/caller.ts`), never a second one;
 * - anything else counts against the client address (behind `TRUST_PROXY`, the forwarded one; an
 *   IPv6 address by its /64): no token, an invalid one, public routes, unknown routes (404) and
 *   wrong methods (405), which are never authenticated at all;
 * - routes that check a password (`passwordSignIn`: the token endpoint, the sign-in form) count
 *   against a stricter budget of their own, per address;
 * - counters live in NATS (`counter-store.ts`), shared by every gateway instance.
 *
 * Every counted answer carries `x-ratelimit-limit`, `-remaining` and `-reset`; over the limit the
 * answer is 429 problem+json with `Retry-After`, whatever the route's format. The probes are never
 * counted. If the counters cannot be reached the request goes through uncounted (logged): the
 * platform stays available, and password guessing is still throttled by auth itself.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NatsConnection } from 'nats';
import { clientAddressGroup, LATEST_VERSION, type RouteDefinition } from '@ncs/contracts';
import { refusals, type Logger } from '@ncs/service-kit';
import type { TokenAuthenticator } from '../authentication/token-authenticator.js';
import { callerPrincipal, presentsToken } from '../authentication/caller.js';
import { problemFromName } from '../problems/problem.js';
import { requestPath, sendProblem } from '../problems/reply.js';
import { baseContext } from '../request-path/negotiate.js';
import { tableRouteOf } from '../table-route.js';
import { KvCounterStore, type WindowCount } from './counter-store.js';

export interface RateLimitOptions {
  /** Requests per caller and window; 0 turns rate limiting off. */
  readonly max: number;
  readonly windowMs: number;
  /** Requests per address and window on password routes; 0 turns that limit off. */
  readonly signInMax: number;
  readonly signInWindowMs: number;
}

interface Budget {
  readonly scope: 'api' | 'signin';
  readonly max: number;
  readonly windowMs: number;
}

/** How long one counter operation may take before the request goes through uncounted. */
const STORE_TIMEOUT_MS = 1_000;
/** After a failure, the store is left alone this long (requests go through uncounted). */
const STORE_RETRY_AFTER_MS = 5_000;

export class RateLimiter {
  private readonly store: KvCounterStore;
  private readonly api: Budget;
  private readonly signIn: Budget;
  private lastWarning = 0;

  constructor(
    nats: NatsConnection,
    private readonly authenticator: TokenAuthenticator,
    private readonly logger: Logger,
    options: RateLimitOptions,
  ) {
    this.api = { scope: 'api', max: options.max, windowMs: options.windowMs };
    this.signIn = { scope: 'signin', max: options.signInMax, windowMs: options.signInWindowMs };
    this.store = new KvCounterStore(nats, {
      longestWindowMs: Math.max(options.windowMs, options.signInWindowMs),
      timeoutMs: STORE_TIMEOUT_MS,
      retryAfterMs: STORE_RETRY_AFTER_MS,
    });
  }

  /**
   * Counts the request; answers 429 (and returns the reply) when the caller is over its limit.
   * Called from the first `onRequest` hook, so unknown routes and wrong methods count too.
   */
  async limit(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const config = request.routeOptions.config as { rateLimit?: boolean } | undefined;
    if (config?.rateLimit === false) return undefined;
    const route = tableRouteOf(request);
    const budget = route?.passwordSignIn ? this.signIn : this.api;
    if (budget.max === 0) return undefined;

    let counted: WindowCount;
    try {
      counted = await this.store.increment(
        budget.scope,
        await this.callerOf(request, route),
        budget.windowMs,
      );
    } catch (error) {
      this.warnUncounted(error);
      return undefined;
    }
    const resetSeconds = Math.max(1, Math.ceil((counted.resetAt - Date.now()) / 1000));
    reply.header('x-ratelimit-limit', budget.max);
    reply.header('x-ratelimit-remaining', Math.max(0, budget.max - counted.count));
    reply.header('x-ratelimit-reset', resetSeconds);
    if (counted.count <= budget.max) return undefined;
    refusals.inc({ limit: `rate_${budget.scope}` });

    const problem = problemFromName(
      'TOO_MANY_REQUESTS',
      String(request.id),
      `Rate limit of ${budget.max} requests in ${budget.windowMs / 1000} s exceeded; retry in ${resetSeconds} s.`,
      { instance: requestPath(request.url) },
    );
    return sendProblem(reply.header('Retry-After', resetSeconds), problem);
  }

  /** `account:<id>` / `app:<clientId>` for a valid token on a route that takes one, else the address. */
  private async callerOf(request: FastifyRequest, route: RouteDefinition | undefined): Promise<string> {
    if (route && route.scope !== 'public' && presentsToken(request)) {
      try {
        const principal = await callerPrincipal(
          request,
          this.authenticator,
          baseContext(request, LATEST_VERSION),
        );
        return principal.accountId ? `account:${principal.accountId}` : `app:${principal.clientId}`;
      } catch {
        // Invalid, expired or unreadable: routing answers the same error; the address pays.
      }
    }
    return `address:${clientAddressGroup(request.ip)}`;
  }

  private warnUncounted(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < STORE_RETRY_AFTER_MS) return;
    this.lastWarning = now;
    this.logger.warn({ err: error }, 'rate-limit counters unreachable; requests go through uncounted');
  }
}
