/** The principal cache: TTL, single flight, refresh ahead, revocations racing a lookup, refusals. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestContext, TokenPrincipal } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { AuthenticationError, extractToken, TokenAuthenticator } from './token-authenticator.js';
import { createHash } from 'node:crypto';

const ctx: RequestContext = { version: '2026.1.13', requestId: 'r1' };
const principal = { accountId: 'a1', memberships: [] } as unknown as TokenPrincipal;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Auth's token lookup, in-process: each ask waits until `answer()` settles it. */
function auth() {
  const asks: { resolve: (p: TokenPrincipal | null) => void; reject: (e: Error) => void }[] = [];
  const rpc = {
    request: () =>
      new Promise<TokenPrincipal | null>((resolve, reject) => {
        asks.push({ resolve, reject });
      }),
  } as unknown as RpcClient;
  return { rpc, asks };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('TokenAuthenticator', () => {
  it('asks auth once for many requests with the same token at once, then serves them all from the cache', async () => {
    const { rpc, asks } = auth();
    const authenticator = new TokenAuthenticator(rpc, { ttlMs: 5_000, maxEntries: 10 });
    const waiting = Array.from({ length: 50 }, () => authenticator.authenticate('tok', ctx));
    await settle();
    expect(asks).toHaveLength(1);
    asks[0]?.resolve(principal);
    for (const answer of await Promise.all(waiting)) expect(answer).toBe(principal);
    expect(await authenticator.authenticate('tok', ctx)).toBe(principal);
    expect(asks).toHaveLength(1);
    // Another token is another lookup.
    void authenticator.authenticate('other', ctx);
    await settle();
    expect(asks).toHaveLength(2);
  });

  it('does not remember a principal whose lookup a revocation overtook, and looks up again after it', async () => {
    const { rpc, asks } = auth();
    const authenticator = new TokenAuthenticator(rpc, { ttlMs: 5_000, maxEntries: 10 });
    const first = authenticator.authenticate('tok', ctx);
    await settle();
    authenticator.forget([hashOf('tok')]);
    const second = authenticator.authenticate('tok', ctx); // not joined to the stale lookup
    await settle();
    expect(asks).toHaveLength(2);
    asks[0]?.resolve(principal); // read before the revocation
    await first;
    asks[1]?.resolve(null); // revoked
    await expect(second).rejects.toBeInstanceOf(AuthenticationError);
    const third = authenticator.authenticate('tok', ctx);
    await settle();
    expect(asks).toHaveLength(3); // the first answer was not cached
    asks[2]?.resolve(null);
    await expect(third).rejects.toThrow(/invalid, expired or revoked/);
  });

  describe('refresh ahead', () => {
    const t0 = Date.parse('2026-11-24T12:00:00Z');
    afterEach(() => {
      vi.useRealTimers();
    });
    /** An authenticator with `tok` cached at t0 (5 s TTL), after one lookup. */
    async function cachedAtT0(answer: TokenPrincipal = principal) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(t0);
      const { rpc, asks } = auth();
      const authenticator = new TokenAuthenticator(rpc, { ttlMs: 5_000, maxEntries: 10 });
      const first = authenticator.authenticate('tok', ctx);
      await settle();
      asks[0]?.resolve(answer);
      expect(await first).toBe(answer);
      return { authenticator, asks };
    }

    it('answers from the cache in the last fifth of the TTL and refreshes in the background, once', async () => {
      const { authenticator, asks } = await cachedAtT0();
      vi.setSystemTime(t0 + 3_000); // not yet the last fifth
      expect(await authenticator.authenticate('tok', ctx)).toBe(principal);
      expect(asks).toHaveLength(1);
      vi.setSystemTime(t0 + 4_200);
      // Answered while auth has not: the request does not wait for the refresh.
      expect(await authenticator.authenticate('tok', ctx)).toBe(principal);
      expect(await authenticator.authenticate('tok', ctx)).toBe(principal);
      await settle();
      expect(asks).toHaveLength(2); // one refresh for both
      asks[1]?.resolve(principal);
      await settle();
      vi.setSystemTime(t0 + 8_000); // past the first entry's end, inside the refreshed one (4.2 + 5 s)
      expect(await authenticator.authenticate('tok', ctx)).toBe(principal);
      await settle();
      expect(asks).toHaveLength(2);
      vi.setSystemTime(t0 + 9_300); // the refreshed entry has ended: nothing served past it
      const late = authenticator.authenticate('tok', ctx);
      await settle();
      expect(asks).toHaveLength(3);
      asks[2]?.resolve(null);
      await expect(late).rejects.toBeInstanceOf(AuthenticationError);
    });

    it('drops the entry at once when the refresh finds the token refused', async () => {
      const { authenticator, asks } = await cachedAtT0();
      vi.setSystemTime(t0 + 4_500);
      expect(await authenticator.authenticate('tok', ctx)).toBe(principal);
      await settle();
      asks[1]?.resolve(null); // revoked meanwhile, no event seen
      await settle();
      const next = authenticator.authenticate('tok', ctx); // still inside the old entry's time
      await settle();
      expect(asks).toHaveLength(3);
      asks[2]?.resolve(null);
      await expect(next).rejects.toThrow(/invalid, expired or revoked/);
    });

    it('does not refresh an entry that ends with the token itself', async () => {
      const ending = { ...principal, expiresAt: new Date(t0 + 3_000).toISOString() } as TokenPrincipal;
      const { authenticator, asks } = await cachedAtT0(ending);
      vi.setSystemTime(t0 + 2_900);
      expect(await authenticator.authenticate('tok', ctx)).toBe(ending);
      await settle();
      expect(asks).toHaveLength(1);
    });

    it('keeps serving the cached principal when a refresh fails, until the entry ends', async () => {
      const { authenticator, asks } = await cachedAtT0();
      vi.setSystemTime(t0 + 4_500);
      expect(await authenticator.authenticate('tok', ctx)).toBe(principal);
      await settle();
      asks[1]?.reject(new Error('timeout'));
      await settle();
      vi.setSystemTime(t0 + 4_900);
      expect(await authenticator.authenticate('tok', ctx)).toBe(principal); // and a new refresh
      await settle();
      expect(asks).toHaveLength(3);
    });
  });

  it('shares a failed lookup with the requests that waited for it, and caches neither a failure nor a refusal', async () => {
    const { rpc, asks } = auth();
    const authenticator = new TokenAuthenticator(rpc, { ttlMs: 5_000, maxEntries: 10 });
    const both = [authenticator.authenticate('tok', ctx), authenticator.authenticate('tok', ctx)];
    await settle();
    asks[0]?.reject(new Error('timeout'));
    for (const answer of both) await expect(answer).rejects.toThrow('timeout');
    const again = authenticator.authenticate('tok', ctx);
    await settle();
    expect(asks).toHaveLength(2);
    asks[1]?.resolve(principal);
    expect(await again).toBe(principal);
  });
});

describe('extractToken', () => {
  it('takes the token of the header or of the query', () => {
    expect(extractToken('Bearer abc', undefined)).toBe('abc');
    expect(extractToken(undefined, 'abc')).toBe('abc');
  });

  it('takes the same token sent both ways', () => {
    expect(extractToken('Bearer abc', 'abc')).toBe('abc');
  });

  it('refuses two different tokens', () => {
    expect(() => extractToken('Bearer abc', 'abd')).toThrow(AuthenticationError);
    expect(() => extractToken('Bearer abc', '')).toThrow(AuthenticationError);
  });
});
