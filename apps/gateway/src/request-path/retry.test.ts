import { describe, expect, it } from 'vitest';
import { DomainError, findRoute, routes } from '@ncs/contracts';
import { RemoteError, rpcClientOf, TransportError, type RpcCall, type RpcClient } from '@ncs/service-kit';
import { backoffBefore, isIdempotentRequest, mayRetry, withRetries, type RetryPolicy } from './retry.js';

const policy: RetryPolicy = { retries: 2, backoffMs: 5, attemptTimeoutMs: 1_000, deadlineMs: 10_000 };
const call: RpcCall = { ctx: { version: '2026.1.13', requestId: 'r-1' } };
const noResponders = () => new TransportError('SERVICE_UNAVAILABLE', 'no-responders');
const timeout = () => new TransportError('SERVICE_TIMEOUT', 'timeout');
const remote = (name: string, status: number) =>
  new RemoteError({ status, code: -14, name, message: 'downstream' });

/** An RPC client failing with the given errors in turn, then answering; records each attempt's timeout. */
function failing(errors: Error[]) {
  const timeouts: number[] = [];
  const attempt = (options?: { timeoutMs?: number }) => {
    timeouts.push(options?.timeoutMs ?? -1);
    const error = errors.shift();
    if (error) return Promise.reject(error);
    return Promise.resolve({ data: 'answer' as never, status: undefined });
  };
  const rpc: RpcClient = rpcClientOf((_subject, _call, options) => attempt(options));
  return { rpc, timeouts };
}

describe('isIdempotentRequest', () => {
  it('holds for GET, PUT and DELETE routes, never for PATCH', () => {
    for (const route of routes) {
      if (route.method === 'POST') continue;
      expect([route.id, isIdempotentRequest(route, {})]).toEqual([route.id, route.method !== 'PATCH']);
    }
  });

  it('holds for a POST marked idempotent (a read over POST)', () => {
    expect(isIdempotentRequest(findRoute('oauth.introspect'), {})).toBe(true);
    expect(isIdempotentRequest(findRoute('category.highlight'), {})).toBe(true);
  });

  it('holds for the actions that set a state (read, unlike, subscribe, unsubscribe, accept), not like', () => {
    for (const id of [
      'message.read',
      'message.unlike',
      'message.subscribe',
      'message.unsubscribe',
      'groupMember.accept',
    ]) {
      expect([id, isIdempotentRequest(findRoute(id), {})]).toEqual([id, true]);
    }
    expect(isIdempotentRequest(findRoute('message.like'), {})).toBe(false);
  });

  it('holds for a POST with an Idempotency-Key on a route that honours it, only then', () => {
    const create = findRoute('message.create');
    expect(isIdempotentRequest(create, { idempotencyKey: 'k-1' })).toBe(true);
    expect(isIdempotentRequest(create, {})).toBe(false);
    expect(isIdempotentRequest(findRoute('oauth.token'), { idempotencyKey: 'k-1' })).toBe(false);
  });
});

describe('mayRetry', () => {
  it('retries no responder always: nothing received the request', () => {
    expect(mayRetry(noResponders(), false)).toBe(true);
    expect(mayRetry(noResponders(), true)).toBe(true);
  });

  it('retries a timeout or a lost connection for idempotent requests only', () => {
    expect(mayRetry(timeout(), true)).toBe(true);
    expect(mayRetry(timeout(), false)).toBe(false);
    expect(mayRetry(new TransportError('SERVICE_UNAVAILABLE', 'disconnected'), false)).toBe(false);
  });

  it('retries an owner’s 503/504 for idempotent requests only, never its other answers', () => {
    expect(mayRetry(remote('SERVICE_UNAVAILABLE', 503), true)).toBe(true);
    expect(mayRetry(remote('SERVICE_TIMEOUT', 504), true)).toBe(true);
    expect(mayRetry(remote('SERVICE_UNAVAILABLE', 503), false)).toBe(false);
    expect(mayRetry(remote('INTERNAL', 500), true)).toBe(false);
    expect(mayRetry(new DomainError('BAD_REQUEST'), true)).toBe(false);
  });
});

describe('backoffBefore', () => {
  it('doubles, and stops after the last retry or near the deadline', () => {
    expect([1, 2, 3].map((n) => backoffBefore(n, policy, 0, 10_000))).toEqual([5, 10, undefined]);
    expect(backoffBefore(1, policy, 9_950, 10_000)).toBeUndefined();
  });
});

describe('withRetries', () => {
  it('answers from the second instance after no responder, even for a non-idempotent POST', async () => {
    const { rpc, timeouts } = failing([noResponders()]);
    const retries: object[] = [];
    const retrying = withRetries(rpc, policy, { idempotent: false, onRetry: (d) => retries.push(d) });
    expect(await retrying.request('s', call)).toBe('answer');
    expect(timeouts).toHaveLength(2);
    expect(retries).toEqual([{ subject: 's', attempt: 2, reason: 'no-responders', requestId: 'r-1' }]);
  });

  it('never sends a non-idempotent request again after a timeout: the timeout is answered', async () => {
    const { rpc, timeouts } = failing([timeout()]);
    await expect(withRetries(rpc, policy, { idempotent: false }).request('s', call)).rejects.toMatchObject({
      status: 504,
    });
    expect(timeouts).toHaveLength(1);
  });

  it('retries an idempotent request after a timeout, at most `retries` more times', async () => {
    const { rpc, timeouts } = failing([timeout(), timeout(), timeout(), timeout()]);
    await expect(withRetries(rpc, policy, { idempotent: true }).request('s', call)).rejects.toBeInstanceOf(
      TransportError,
    );
    expect(timeouts).toHaveLength(3);
  });

  it('keeps every attempt within the request’s deadline', async () => {
    const { rpc, timeouts } = failing([noResponders()]);
    const deadlineAt = Date.now() + 400;
    await withRetries(rpc, policy, { idempotent: true, deadlineAt }).request('s', call);
    expect(timeouts[0]).toBeLessThanOrEqual(400);
    expect(timeouts[1]).toBeLessThan(400);
  });

  it('gives up at once when no time is left for another attempt', async () => {
    const { rpc, timeouts } = failing([noResponders()]);
    const deadlineAt = Date.now() + 20;
    await expect(
      withRetries(rpc, policy, { idempotent: true, deadlineAt }).request('s', call),
    ).rejects.toMatchObject({ status: 503 });
    expect(timeouts).toHaveLength(1);
  });
});
