import { describe, expect, it } from 'vitest';
import { DomainError, findRoute, type TokenPrincipal } from '@ncs/contracts';
import { resourceNotFound } from './network-from-resource.js';
import { scopeToNetwork } from './scope.js';

const vote = findRoute('poll.vote');
const base = { version: '2026.1.13', requestId: 'r' };
const token: TokenPrincipal = {
  accountId: 'a',
  clientId: 'c',
  expiresAt: null,
  memberships: [
    {
      networkEID: 'n'.repeat(24),
      profileEID: 'p'.repeat(24),
      role: 'member',
      external: false,
      permissions: [],
    },
  ],
};
const input = { params: { pollEID: 'f'.repeat(24) }, query: {}, body: { answerEID: 'e'.repeat(24) } };

describe('network-less routes (networkFrom)', () => {
  it('scope the request to the resource’s network with the caller’s membership there', () => {
    const ctx = scopeToNetwork(vote, base, token, input, 'n'.repeat(24));
    expect(ctx.networkEID).toBe('n'.repeat(24));
    expect(ctx.principal?.profileEID).toBe('p'.repeat(24));
  });

  it('answer the route’s own 404 for a network the caller is not in, as for no resource', () => {
    const refuse = () => scopeToNetwork(vote, base, token, input, 'o'.repeat(24));
    expect(refuse).toThrow(DomainError);
    try {
      refuse();
    } catch (error) {
      expect((error as DomainError).errorName).toBe('MESSAGING_ERR_POLL_NOT_FOUND');
    }
    expect(resourceNotFound(vote).errorName).toBe('MESSAGING_ERR_POLL_NOT_FOUND');
    expect(resourceNotFound(findRoute('message.get')).errorName).toBe('AUTH_ERR_NETWORK_NOT_FOUND');
  });
});
