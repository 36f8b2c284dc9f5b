import { describe, expect, it } from 'vitest';
import { DomainError } from '@ncs/contracts';
import { assertRouteInVersion } from './version-gates.js';

describe('route version ranges', () => {
  const route = { method: 'GET' as const, path: '/x/', versions: { since: '2024.3.0', until: '2026.1.0' } };

  it('lets a version inside the range through', () => {
    expect(() => assertRouteInVersion(route, '2024.3.0')).not.toThrow();
    expect(() => assertRouteInVersion(route, '2025.9.9')).not.toThrow();
  });

  it('answers 404 naming the range for a version outside it (since inclusive, until exclusive)', () => {
    for (const version of ['2024.2.9', '2026.1.0', '1.4.8']) {
      let caught: unknown;
      try {
        assertRouteInVersion(route, version);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DomainError);
      expect((caught as DomainError).status).toBe(404);
      expect((caught as DomainError).message).toContain(version);
    }
  });

  it('lets every version reach a route without a range', () => {
    expect(() => assertRouteInVersion({ method: 'GET', path: '/y/' }, '1.0.2')).not.toThrow();
  });
});
