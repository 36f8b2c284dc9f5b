/** The gateway's bulkheads: a bound per owning service, first come first served, waits and sheds. */
import { describe, expect, it } from 'vitest';
import { DomainError, type RequestContext } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { withBulkheads } from './bulkhead.js';

const ctx: RequestContext = { version: '2026.1.13', requestId: 'r' };
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Owners in-process: each request waits until its `finish()`; records subject and timeout. */
function owners() {
  const started: { subject: string; timeoutMs: number | undefined; finish: () => void }[] = [];
  const rpc = {
    requestWithStatus: (subject: string, _call: unknown, options?: { timeoutMs?: number }) =>
      new Promise((resolve) => {
        started.push({
          subject,
          timeoutMs: options?.timeoutMs,
          finish: () => resolve({ data: subject, status: undefined }),
        });
      }),
  } as unknown as RpcClient;
  return { rpc, started };
}

describe('withBulkheads', () => {
  it('sends at most maxInFlight to one service at a time, the others in order of arrival', async () => {
    const { rpc, started } = owners();
    const limited = withBulkheads(rpc, { maxInFlight: 2, maxQueued: 10, defaultTimeoutMs: 5_000 });
    const answers = ['a', 'b', 'c', 'd'].map((id) =>
      limited.request(`rpc.auth.thing.${id}`, { ctx }).then((subject) => subject),
    );
    await settle();
    expect(started.map((s) => s.subject)).toEqual(['rpc.auth.thing.a', 'rpc.auth.thing.b']);
    // Another service has its own bound.
    void limited.request('rpc.messaging.thing.x', { ctx });
    await settle();
    expect(started).toHaveLength(3);
    started[1]?.finish();
    await settle();
    expect(started.map((s) => s.subject).slice(3)).toEqual(['rpc.auth.thing.c']);
    started[0]?.finish();
    await settle();
    expect(started.map((s) => s.subject).slice(4)).toEqual(['rpc.auth.thing.d']);
    for (const s of started) s.finish();
    expect(await Promise.all(answers)).toEqual([
      'rpc.auth.thing.a',
      'rpc.auth.thing.b',
      'rpc.auth.thing.c',
      'rpc.auth.thing.d',
    ]);
  });

  it('answers 503 at once beyond maxQueued, and 504 when no slot came within the timeout', async () => {
    const { rpc, started } = owners();
    const limited = withBulkheads(rpc, { maxInFlight: 1, maxQueued: 1, defaultTimeoutMs: 5_000 });
    void limited.request('rpc.auth.a', { ctx });
    const queued = limited.request('rpc.auth.b', { ctx }, { timeoutMs: 30 });
    const shed = limited.request('rpc.auth.c', { ctx });
    await expect(shed).rejects.toSatisfy(
      (error) =>
        error instanceof DomainError &&
        error.errorName === 'SERVICE_UNAVAILABLE' &&
        /auth service is busy/.test(error.message),
    );
    await expect(queued).rejects.toSatisfy(
      (error) => error instanceof DomainError && error.errorName === 'SERVICE_TIMEOUT',
    );
    // The timed-out waiter left the queue: the next request after the first finishes is served.
    started[0]?.finish();
    const next = limited.request('rpc.auth.d', { ctx });
    await settle();
    expect(started.map((s) => s.subject)).toEqual(['rpc.auth.a', 'rpc.auth.d']);
    started[1]?.finish();
    expect(await next).toBe('rpc.auth.d');
  });

  it("gives the owner what is left of the attempt's timeout after the wait, and does nothing with maxInFlight 0", async () => {
    const { rpc, started } = owners();
    const limited = withBulkheads(rpc, { maxInFlight: 1, maxQueued: 5, defaultTimeoutMs: 1_000 });
    void limited.request('rpc.auth.a', { ctx });
    const second = limited.request('rpc.auth.b', { ctx });
    await new Promise((resolve) => setTimeout(resolve, 120));
    started[0]?.finish();
    await settle();
    expect(started[0]?.timeoutMs).toBe(1_000);
    expect(started[1]?.timeoutMs).toBeLessThanOrEqual(1_000 - 100);
    started[1]?.finish();
    await second;

    expect(withBulkheads(rpc, { maxInFlight: 0, maxQueued: 0, defaultTimeoutMs: 1 })).toBe(rpc);
  });
});
