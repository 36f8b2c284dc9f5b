import { describe, expect, it } from 'vitest';
import {
  escapeRegExp,
  groupAddressable,
  nameWordsOf,
  peopleAddressable,
  prefixPattern,
  wordStartPattern,
} from './rules.js';

describe('people and groups search rules', () => {
  it('reads the lowercase words of q, at most five, once each', () => {
    expect(nameWordsOf('  Ann-Marie  SMITH ann ')).toEqual(['ann', 'marie', 'smith']);
    expect(nameWordsOf('a b c d e f g')).toHaveLength(5);
    expect(nameWordsOf('.* $where')).toEqual(['where']);
  });

  it('makes anchored, escaped prefixes of user input', () => {
    expect(prefixPattern('a.b*(c)')).toBe('^a\\.b\\*\\(c\\)');
    expect(new RegExp(prefixPattern('x+y')).test('x+yz')).toBe(true);
    expect(new RegExp(prefixPattern('x+y')).test('xxy')).toBe(false);
    expect(new RegExp(prefixPattern('sales')).test('big sales')).toBe(false);
    expect(escapeRegExp('[^$]|\\')).toBe('\\[\\^\\$\\]\\|\\\\');
  });

  it('finds a word at the start of any word of a group name, escaped', () => {
    const starts = (word: string, name: string) => new RegExp(wordStartPattern(word), 'u').test(name);
    expect(starts('sales', 'sales team')).toBe(true);
    expect(starts('sales', 'big sales')).toBe(true);
    expect(starts('sal', 'emea-sales')).toBe(true);
    expect(starts('sales', 'presales')).toBe(false);
    expect(starts('ller', 'müller team')).toBe(false);
    expect(starts('r+d', 'the r+d lab')).toBe(true);
    expect(starts('r+d', 'the rrd lab')).toBe(false);
  });

  it('lets addressable_for through: people for tasks and journeys (no bots), none for news', () => {
    expect(peopleAddressable(null)).toBe('all');
    expect(peopleAddressable('task')).toBe('humans');
    expect(peopleAddressable('journey')).toBe('humans');
    expect(peopleAddressable('news')).toBe('none');
  });

  it('lets a group through addressable_for only with post_message', () => {
    expect(groupAddressable(['view_group'], null)).toBe(true);
    expect(groupAddressable(['view_group'], 'news')).toBe(false);
    expect(groupAddressable(['view_group', 'post_message'], 'task')).toBe(true);
  });
});
