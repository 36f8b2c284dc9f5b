import { describe, expect, it } from 'vitest';
import {
  escapeRegExp,
  groupAddressable,
  groupNamePrefix,
  nameWordsOf,
  peopleAddressable,
  prefixPattern,
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
    expect(groupNamePrefix('  Sales   TEAM ')).toBe('sales team');
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
