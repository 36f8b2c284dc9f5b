/** The principal cache: TTL, single flight, revocations racing a lookup, refusals. */
import { describe, expect, it } from 'vitest';
import type { RequestContext, TokenPrincipal } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { AuthenticationError, TokenAuthenticator } from './token-authenticator.js';
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
