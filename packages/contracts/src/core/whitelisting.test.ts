import { describe, expect, it } from 'vitest';
import { findRoute, routes } from '../routes.js';
import {
  isWhitelisted,
  replacedWhitelistName,
  replacedWhitelistParents,
  WHITELIST_PATTERN,
  whitelistedNames,
} from './whitelisting.js';

// ajv compiles `pattern` with the `u` flag.
const accepted = (fields: string) => new RegExp(WHITELIST_PATTERN, 'u').test(fields);

describe('the `fields` list (schema)', () => {
  it.each([
    'name',
    '_meta',
    'name,_meta',
    'EID,type,emailAddresses',
    'name.firstName',
    'recipients.networkEID',
  ])('accepts %s', (fields) => expect(accepted(fields)).toBe(true));

  it('accepts a sub-property of each of the 11 deprecated parents', () => {
    expect(replacedWhitelistParents).toHaveLength(11);
    for (const parent of replacedWhitelistParents) expect(accepted(`${parent}.sub`)).toBe(true);
  });

  it.each([
    ['an empty list', ''],
    ['an empty name', 'name,,type'],
    ['a trailing comma', 'name,'],
    ['a space', 'name, type'],
    ['another character', 'na-me'],
    ['a leading digit', '1name'],
    ['a dotted name of no deprecated parent', 'profile.firstName'],
    ['another sub-property of recipients', 'recipients.EID'],
    ['two dots', 'name.first.x'],
    ['a name of 65 characters', 'a'.repeat(65)],
  ])('refuses %s', (_why, fields) => expect(accepted(fields)).toBe(false));

  it('takes at most 50 names', () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `p${i}`).join(',');
    expect(accepted(names(50))).toBe(true);
    expect(accepted(names(51))).toBe(false);
  });
});

describe('the rule of 2025.1.0 (replacedWhitelistName)', () => {
  it('passes plain names', () => {
    expect(replacedWhitelistName('name,emailAddresses,_meta')).toBeUndefined();
    expect(replacedWhitelistName(undefined)).toBeUndefined();
  });

  it('names the parent to whitelist instead of a sub-property', () => {
    expect(replacedWhitelistName('EID,name.firstName')).toEqual({
      pointer: '/query/fields',
      message: 'name.firstName was replaced by its parent object: whitelist name instead',
    });
    expect(replacedWhitelistName('attachments.file')?.message).toMatch(/whitelist attachments instead/);
  });

  it('says that recipients.networkEID has no replacement', () => {
    expect(replacedWhitelistName('recipients.networkEID')?.message).toMatch(/has no replacement/);
  });
});

describe('whitelisted names', () => {
  it('splits the list; `_meta` is whitelisted only by its own name', () => {
    expect(whitelistedNames('a,b')).toEqual(['a', 'b']);
    expect(whitelistedNames(undefined)).toEqual([]);
    expect(isWhitelisted('name,_meta', '_meta')).toBe(true);
    expect(isWhitelisted('_metadata', '_meta')).toBe(false);
  });
});

describe('the route table', () => {
  it('gives every GET that answers a resource the `fields` list, and no other route', () => {
    for (const route of routes) {
      const has = route.query?.properties.fields !== undefined;
      const answersResource = route.method === 'GET' && route.format === 'hal';
      // Journeys' writes answer the journey and name `_meta` too.
      if (!route.id.startsWith('journey')) expect([route.id, has]).toEqual([route.id, answersResource]);
      else if (answersResource) expect([route.id, has]).toEqual([route.id, true]);
    }
  });

  it('keeps what a route declared in its query', () => {
    const list = findRoute('group.list').query!;
    expect(Object.keys(list.properties)).toEqual(
      expect.arrayContaining(['limit', 'offset', 'type', 'fields']),
    );
    expect(findRoute('journey.get').query!.properties.fields!.description).toMatch(/_meta/);
  });
});
