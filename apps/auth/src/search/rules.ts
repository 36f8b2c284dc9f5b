/**
 * The pure rules of searching people and groups (unit-tested in rules.test.ts): user input becomes
 * anchored, escaped prefixes, never a raw pattern; what `addressable_for` lets through.
 */
import type { AddressableFor, GroupPermission } from '@ncs/contracts';

/** At most this many words of `q` are matched against names. */
const MAX_WORDS = 5;

/** The lowercase words (letters and digits of any script) of `q`, at most five. */
export function nameWordsOf(q: string): string[] {
  const words =
    q
      .toLowerCase()
      .normalize('NFC')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, MAX_WORDS);
}

/** `text` with every regular-expression metacharacter escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An anchored prefix pattern of `text`, escaped: `^text`. */
export function prefixPattern(text: string): string {
  return `^${escapeRegExp(text)}`;
}

/**
 * A pattern of a word that starts a word anywhere in a lowercased name (`sales` finds "big sales"
 * and "emea-sales", not "presales"), escaped. Groups are named by phrases whose key word is rarely
 * the first, unlike people's first and last names.
 */
export function wordStartPattern(word: string): string {
  return `(^|[^\\p{L}\\p{N}])${escapeRegExp(word)}`;
}

/**
 * Which people `addressable_for` lets through: tasks and journeys are addressed to people, but
 * never to bots (a bot takes private messages only); news goes to timelines, never to a person.
 */
export function peopleAddressable(addressableFor: AddressableFor | null): 'all' | 'humans' | 'none' {
  if (addressableFor === null) return 'all';
  return addressableFor === 'news' ? 'none' : 'humans';
}

/** Whether a group passes `addressable_for`: addressing a group needs its `post_message`. */
export function groupAddressable(
  permissions: readonly GroupPermission[],
  addressableFor: AddressableFor | null,
): boolean {
  return addressableFor === null || permissions.includes('post_message');
}
