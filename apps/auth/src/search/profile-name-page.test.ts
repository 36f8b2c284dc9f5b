import { describe, expect, it } from 'vitest';
import { nameMatches } from './profile-name-page.js';

describe('nameMatches (task progress: assignees by name)', () => {
  it('matches when every word of q starts a word of the full name, in any case', () => {
    expect(nameMatches('Anna Brown', ['ann'])).toBe(true);
    expect(nameMatches('Anna Brown', ['bro', 'an'])).toBe(true);
    expect(nameMatches('Anna Brown', ['nna'])).toBe(false);
    expect(nameMatches('anna Brown', [])).toBe(true);
    expect(nameMatches('', ['a'])).toBe(false);
  });
});
