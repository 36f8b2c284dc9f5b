import { describe, expect, it } from 'vitest';
import { routes } from './routes.js';
import { scopeGrants, scopesGranting, scopesGrantRoute } from './scopes.js';

describe('scopes', () => {
  it('grant only routes that exist', () => {
    const ids = new Set(routes.map((r) => r.id));
    for (const granted of Object.values(scopeGrants)) for (const id of granted) expect(ids).toContain(id);
  });

  it('let profile.basic.read reach the basic profile reads and nothing else', () => {
    expect(scopesGrantRoute(['profile.basic.read'], 'profile.get')).toBe(true);
    expect(scopesGrantRoute(['profile.basic.read'], 'whoami.get')).toBe(true);
    expect(scopesGrantRoute(['profile.basic.read'], 'aggregate.get')).toBe(false);
    expect(scopesGrantRoute(['profile.basic.read'], 'category.create')).toBe(false);
    expect(scopesGrantRoute([], 'profile.get')).toBe(false);
    expect(scopesGrantRoute(['unknown'], 'profile.get')).toBe(false);
  });

  it('leave unscoped tokens unrestricted', () => {
    expect(scopesGrantRoute(undefined, 'category.create')).toBe(true);
  });

  it('name the scopes that grant a route', () => {
    expect(scopesGranting('whoami.get')).toEqual(['profile.basic.read']);
    expect(scopesGranting('aggregate.get')).toEqual([]);
  });
});
