import { Type, type TObject } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { DomainError } from '@ncs/contracts';
import { assertRouteInVersion, assertWhitelistInVersion } from './version-gates.js';

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

describe('whitelisting: deprecated sub-properties (gate 2025.1.0)', () => {
  const route = { query: Type.Object({ fields: Type.Optional(Type.String()) }) };
  const refusal = (fields: string, version: string, on: { query?: TObject } = route) => {
    try {
      assertWhitelistInVersion(on, { fields }, version);
    } catch (error) {
      return error as DomainError;
    }
    return undefined;
  };

  it('accepts a sub-property (it means its parent) and recipients.networkEID before 2025.1.0', () => {
    expect(refusal('name.firstName', '2025.0.99')).toBeUndefined();
    expect(refusal('recipients.networkEID', '2024.3.0')).toBeUndefined();
  });

  it('refuses them from 2025.1.0 with -19, naming the parent at /query/fields', () => {
    const error = refusal('EID,name.firstName', '2025.1.0');
    expect(error).toMatchObject({ status: 400, code: -19, errorName: 'WHITELIST_PROPERTY_REPLACED' });
    expect(error?.details).toEqual([
      { pointer: '/query/fields', message: expect.stringContaining('whitelist name instead') },
    ]);
    expect(refusal('recipients.networkEID', '2026.1.13')?.message).toMatch(/no replacement/);
  });

  it('accepts plain names and no list in every version', () => {
    for (const version of ['1.0.2', '2025.0.99', '2025.1.0', '2026.1.13']) {
      expect(refusal('name,_meta', version)).toBeUndefined();
      expect(() => assertWhitelistInVersion(route, {}, version)).not.toThrow();
    }
  });

  it('leaves alone a route that does not take the list (an unknown parameter is ignored)', () => {
    expect(refusal('name.firstName', '2026.1.13', {})).toBeUndefined();
  });
});
