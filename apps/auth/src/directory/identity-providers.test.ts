import { describe, expect, it } from 'vitest';
import { chooseIdentityProvider, repeatedIdentityProviderId } from './identity-providers.js';

const corp = { id: 'corp', name: 'Corporate', loginUrl: 'https://idp.example/corp' };
const partners = { id: 'partners', name: 'Partners', loginUrl: 'https://idp.example/partners' };
const network = { sso: { enabled: true, identityProviders: [corp, partners] } };

describe('repeatedIdentityProviderId', () => {
  it('finds the first provider that repeats an id, else -1', () => {
    expect(repeatedIdentityProviderId([])).toBe(-1);
    expect(repeatedIdentityProviderId([corp, partners])).toBe(-1);
    expect(repeatedIdentityProviderId([corp, partners, { id: 'corp' }])).toBe(2);
    expect(repeatedIdentityProviderId([corp, corp, partners, partners])).toBe(1);
  });
});

describe('chooseIdentityProvider', () => {
  it("leads only to the configured loginUrl of the network's provider of that id", () => {
    expect(chooseIdentityProvider(network, 'partners')).toEqual({ loginUrl: partners.loginUrl });
  });

  it('refuses an id that is not a slug before anything else (a URL never leads anywhere)', () => {
    for (const id of [
      'https://evil.example',
      '//evil.example',
      'Corp',
      'corp\n',
      '',
      '-corp',
      'a'.repeat(65),
    ])
      expect(chooseIdentityProvider(network, id), id).toEqual({ refused: 'malformed' });
  });

  it('refuses without a network, with sso disabled or absent, and an id not configured', () => {
    expect(chooseIdentityProvider(null, 'corp')).toEqual({ refused: 'no-network' });
    expect(chooseIdentityProvider({ sso: { ...network.sso, enabled: false } }, 'corp')).toEqual({
      refused: 'sso-disabled',
    });
    expect(chooseIdentityProvider({ sso: null }, 'corp')).toEqual({ refused: 'sso-disabled' });
    expect(chooseIdentityProvider({}, 'corp')).toEqual({ refused: 'sso-disabled' });
    expect(chooseIdentityProvider(network, 'other')).toEqual({ refused: 'unknown' });
    expect(chooseIdentityProvider({ sso: { enabled: true } }, 'corp')).toEqual({ refused: 'unknown' });
  });
});
