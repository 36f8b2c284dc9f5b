import { describe, expect, it } from 'vitest';
import { normaliseLocation, resolveLocation } from './locations.js';

describe('resolveLocation', () => {
  it('resolves cities and their aliases, whatever the case and diacritics', () => {
    expect(resolveLocation('Amsterdam')).toEqual({ name: 'Amsterdam', countryCode: 'NL', kind: 'city' });
    expect(resolveLocation('  MÜNCHEN ')).toEqual({ name: 'Munich', countryCode: 'DE', kind: 'city' });
    expect(resolveLocation('Den Haag')).toMatchObject({ name: 'The Hague' });
    expect(resolveLocation("'s-Gravenhage")).toMatchObject({ name: 'The Hague' });
  });

  it('narrows a city by a trailing country, and refuses a mismatch', () => {
    expect(resolveLocation('Amsterdam, NL')).toMatchObject({ name: 'Amsterdam' });
    expect(resolveLocation('Amsterdam, Netherlands')).toMatchObject({ countryCode: 'NL' });
    expect(resolveLocation('Amsterdam, Germany')).toBeNull();
    expect(resolveLocation('Amsterdam, Atlantis')).toBeNull();
  });

  it('resolves countries by name, code and alias; unknown text is null', () => {
    expect(resolveLocation('holland')).toEqual({ name: 'Netherlands', countryCode: 'NL', kind: 'country' });
    expect(resolveLocation('de')).toMatchObject({ name: 'Germany' });
    expect(resolveLocation('Atlantis')).toBeNull();
    expect(resolveLocation(' , ')).toBeNull();
  });

  it('normalises text', () => {
    expect(normaliseLocation(' São  Paulo , BR ')).toBe('sao paulo,br');
  });
});
