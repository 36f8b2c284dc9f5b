import { describe, expect, it } from 'vitest';
import { findRoute, type TokenPrincipal } from '@ncs/contracts';
import { hiddenClassChanges } from '@ncs/service-kit/testing';
import { scopeToNetwork } from './scope.js';

const networkEID = 'n'.repeat(24);
const token: TokenPrincipal = {
  accountId: 'a',
  clientId: 'c',
  expiresAt: null,
  memberships: [
    {
      networkEID,
      profileEID: 'p'.repeat(24),
      role: 'admin',
      external: false,
      permissions: ['MANAGE_NETWORK'],
    },
  ],
};

describe('the request context of a route', () => {
  it('gives the contexts and principals of every request one hidden class each', () => {
    const network = findRoute('network.get');
    const whoami = findRoute('whoami.get');
    const scoped = Array.from({ length: 40 }, (_, i) =>
      scopeToNetwork(network, { version: '2026.1.13', requestId: `r${i}` }, token, {
        params: { networkEID },
        query: {},
        body: undefined,
      }),
    );
    expect(scoped[0]).toMatchObject({
      networkEID,
      principal: { accountId: 'a', profileEID: 'p'.repeat(24) },
    });
    expect(hiddenClassChanges(scoped)).toBe(0);
    expect(hiddenClassChanges(scoped.map((ctx) => ctx.principal!))).toBe(0);

    const unscoped = Array.from({ length: 40 }, (_, i) =>
      scopeToNetwork(whoami, { version: '2026.1.13', requestId: `r${i}` }, token, {
        params: {},
        query: {},
        body: undefined,
      }),
    );
    expect(unscoped[0]?.principal).toMatchObject({ accountId: 'a', token: { clientId: 'c' } });
    expect(hiddenClassChanges(unscoped)).toBe(0);
    expect(hiddenClassChanges(unscoped.map((ctx) => ctx.principal!))).toBe(0);
  });
});
