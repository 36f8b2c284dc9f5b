/**
 * Scale-out: the gateway sends a request to the owning service again when it met no
 * responder or got no reply in time, so that one instance going away (killed, restarted, drained)
 * costs a client nothing. Only what is safe to send twice is sent twice:
 * - no responder: always (nothing received it);
 * - a timeout, a lost connection, or the owner's own 503/504 (its downstream met none): only for an
 *   idempotent request (GET, HEAD, PUT, DELETE; a POST the table marks `idempotent`, or one carrying
 *   an `Idempotency-Key` on a route that honours it). A non-idempotent POST is answered 503/504.
 * Bounded: at most `retries` more attempts, a short doubling backoff, all within the deadline.
 * docs/decisions.md, "Scale-out".
 */
import type { RequestContext, RouteDefinition } from '@ncs/contracts';
import { RemoteError, rpcClientOf, TransportError, type RpcCall, type RpcClient } from '@ncs/service-kit';

export interface RetryPolicy {
  /** Attempts after the first. */
  readonly retries: number;
  /** Wait before the first retry; doubled before each next one. */
  readonly backoffMs: number;
  /** Timeout of one attempt (the RPC timeout). */
  readonly attemptTimeoutMs: number;
  /** Every attempt of a request, backoffs included, ends within this. */
  readonly deadlineMs: number;
}

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/** Whether sending the request twice has the effect of sending it once. */
export function isIdempotentRequest(
  route: Pick<RouteDefinition, 'method' | 'idempotent' | 'idempotencyKey'>,
  ctx: Pick<RequestContext, 'idempotencyKey'>,
): boolean {
  if (SAFE_METHODS.has(route.method)) return true;
  if (route.method !== 'POST') return false;
  return route.idempotent === true || (route.idempotencyKey === true && ctx.idempotencyKey !== undefined);
}

/** Whether an attempt that failed with `error` may be sent again. */
export function mayRetry(error: unknown, idempotent: boolean): boolean {
  if (error instanceof TransportError) return error.reason === 'no-responders' || idempotent;
  if (error instanceof RemoteError) {
    return idempotent && (error.wire.name === 'SERVICE_UNAVAILABLE' || error.wire.name === 'SERVICE_TIMEOUT');
  }
  return false;
}

/** The wait before retry `n` (1-based), or undefined when the retry would end past the deadline. */
export function backoffBefore(
  n: number,
  policy: RetryPolicy,
  now: number,
  deadlineAt: number,
): number | undefined {
  if (n > policy.retries) return undefined;
  const wait = policy.backoffMs * 2 ** (n - 1);
  // A retry needs time left for an attempt worth making after its wait.
  return now + wait + Math.min(policy.attemptTimeoutMs, 100) < deadlineAt ? wait : undefined;
}

export interface RetryOptions {
  readonly idempotent: boolean;
  /** The request's deadline (epoch ms); each call's own when absent. */
  readonly deadlineAt?: number;
  readonly onRetry?: (details: {
    subject: string;
    attempt: number;
    reason: string;
    requestId: string;
  }) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function reasonOf(error: unknown): string {
  if (error instanceof TransportError) return error.reason;
  return error instanceof RemoteError ? `owner answered ${error.wire.status}` : 'error';
}

/** An RPC client that retries as the rules above say. */
export function withRetries(rpc: RpcClient, policy: RetryPolicy, options: RetryOptions): RpcClient {
  const requestWithStatus = async <T>(
    subject: string,
    call: RpcCall,
    callOptions?: { timeoutMs?: number },
  ): Promise<{ data: T; status: number | undefined }> => {
    const deadlineAt = options.deadlineAt ?? Date.now() + policy.deadlineMs;
    const attemptTimeout = callOptions?.timeoutMs ?? policy.attemptTimeoutMs;
    for (let attempt = 1; ; attempt += 1) {
      const timeoutMs = Math.max(1, Math.min(attemptTimeout, deadlineAt - Date.now()));
      try {
        return await rpc.requestWithStatus<T>(subject, call, { timeoutMs });
      } catch (error) {
        const wait = mayRetry(error, options.idempotent)
          ? backoffBefore(attempt, policy, Date.now(), deadlineAt)
          : undefined;
        if (wait === undefined) throw error;
        options.onRetry?.({
          subject,
          attempt: attempt + 1,
          reason: reasonOf(error),
          requestId: call.ctx.requestId,
        });
        await sleep(wait);
      }
    }
  };
  return rpcClientOf(requestWithStatus);
}

/** The policy from the gateway's configuration. */
export function retryPolicyOf(config: {
  readonly RPC_RETRIES: number;
  readonly RPC_RETRY_BACKOFF_MS: number;
  readonly RPC_TIMEOUT_MS: number;
  readonly RPC_DEADLINE_MS: number;
}): RetryPolicy {
  return {
    retries: config.RPC_RETRIES,
    backoffMs: config.RPC_RETRY_BACKOFF_MS,
    attemptTimeoutMs: config.RPC_TIMEOUT_MS,
    deadlineMs: Math.max(config.RPC_DEADLINE_MS, config.RPC_TIMEOUT_MS),
  };
}
