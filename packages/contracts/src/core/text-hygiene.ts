/**
 * Text hygiene: the rules every string of a request obeys, stated once as JSON Schema
 * `pattern`s so that the gateway (ajv, `u` flag), the OpenAPI document and every client or test
 * tool (schemathesis: Python `re` and Rust `regex`) read exactly the same rule.
 *
 * - Text: no C0/C1 control character except tab, line feed and carriage return; no lone surrogate.
 * - Names and titles: single line (no tab or line break either) and at least one visible character,
 *   so `"   "` or `"\u200b"` alone is refused.
 *
 * The patterns are negated character classes of explicit code points, so that ajv (`u` flag),
 * Python `re` and Rust `regex` read them alike; characters above U+FFFF are written literally, the
 * only spelling all three share. A class cannot name a surrogate (Rust refuses it), so lone
 * surrogates are refused by `loneSurrogatePointers`, which the gateway runs on every request part
 * before its schema (no generator produces them, so the document need not say it).
 */
import { Type, type StringOptions } from '@sinclair/typebox';

type Range = readonly [from: number, to: number];

/** C0 controls except tab, line feed and carriage return; DEL and the C1 controls. */
const CONTROLS: readonly Range[] = [
  [0x00, 0x08],
  [0x0b, 0x0c],
  [0x0e, 0x1f],
  [0x7f, 0x9f],
];
const TAB_AND_LINE_BREAKS: readonly Range[] = [
  [0x09, 0x0a],
  [0x0d, 0x0d],
];
/** What JavaScript's `\s` names (beside the controls): spaces of every width and the BOM. */
const WHITESPACE: readonly Range[] = [
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
/**
 * Characters that render as nothing: Unicode's Default_Ignorable_Code_Point (soft hyphen,
 * zero-width spaces and joiners, bidi controls, Hangul fillers, variation selectors, tags…), plus
 * the blank Braille pattern, a popular "invisible name".
 */
const INVISIBLE: readonly Range[] = [
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x2800, 0x2800],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfff8],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
];

function spell(codePoint: number): string {
  return codePoint > 0xffff
    ? String.fromCodePoint(codePoint)
    : `\\u${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * One character outside `excluded`, as a negated class (which every engine draws from and checks
 * quickly; a positive class spanning the astral planes makes generators crawl).
 */
function classExcluding(...excluded: (readonly Range[])[]): string {
  const parts = excluded
    .flat()
    .map(([from, to]) => (from === to ? spell(from) : `${spell(from)}-${spell(to)}`));
  return `[^${parts.join('')}]`;
}

/** One character of free text. */
const TEXT_CHARACTER = classExcluding(CONTROLS);
/** One character of a single-line value (names, titles, labels). */
const LINE_CHARACTER = classExcluding(CONTROLS, TAB_AND_LINE_BREAKS);
/** A character that shows: no control, space, line break or invisible character. */
const VISIBLE_CHARACTER = classExcluding(CONTROLS, TAB_AND_LINE_BREAKS, WHITESPACE, INVISIBLE);
/** A character of a URL: visible, or at least not a space (the URL patterns' old `\S`). */
export const URL_CHARACTER = classExcluding(CONTROLS, TAB_AND_LINE_BREAKS, WHITESPACE);
/** A character of a URL's host: as above, without `/`, `?` and `#`. */
export const URL_HOST_CHARACTER = classExcluding(CONTROLS, TAB_AND_LINE_BREAKS, WHITESPACE, [
  [0x23, 0x23],
  [0x2f, 0x2f],
  [0x3f, 0x3f],
]);

export const TEXT_PATTERN = `^${TEXT_CHARACTER}*$`;
export const NAME_PATTERN = `^${LINE_CHARACTER}*${VISIBLE_CHARACTER}${LINE_CHARACTER}*$`;
export const NAME_OR_EMPTY_PATTERN = `^(${LINE_CHARACTER}*${VISIBLE_CHARACTER}${LINE_CHARACTER}*)?$`;
/** An absolute http(s) URL or a path relative to the host. */
export const IMAGE_URL_PATTERN = `^(https?://${URL_CHARACTER}+|/${URL_CHARACTER}*)$`;
/** An absolute http(s) URL. */
export const ABSOLUTE_HTTP_URL_PATTERN = `^https?://${URL_HOST_CHARACTER}+([/?#]${URL_CHARACTER}*)?$`;

/** The hygiene patterns and what a value that fails one is told (problem+json `errors[].message`). */
export const hygienePatternMessages: Readonly<Record<string, string>> = {
  [TEXT_PATTERN]: 'must not contain control characters (other than tab and line breaks) or lone surrogates',
  [NAME_PATTERN]:
    'must be a single line with at least one visible character, without control characters or lone surrogates',
  [NAME_OR_EMPTY_PATTERN]:
    'must be empty, or a single line with at least one visible character, without control characters or lone surrogates',
  [IMAGE_URL_PATTERN]:
    'must be an absolute http(s) URL or a path starting with /, without spaces, control characters or lone surrogates',
  [ABSOLUTE_HTTP_URL_PATTERN]:
    'must be an absolute http(s) URL, without spaces, control characters or lone surrogates',
};

/** The readable rule of a hygiene pattern, for validation messages; undefined for other patterns. */
export function hygieneMessage(pattern: string): string | undefined {
  return hygienePatternMessages[pattern];
}

type TextOptions = Omit<StringOptions, 'pattern'>;

/** Free text (descriptions, bodies, statuses, opaque values a client sends). */
export const Text = (options: TextOptions = {}) => Type.String({ ...options, pattern: TEXT_PATTERN });

/** A name or title: one line with a visible character. */
export const Name = (options: TextOptions = {}) =>
  Type.String({ minLength: 1, ...options, pattern: NAME_PATTERN });

/** A name or title that may be cleared: empty, or one line with a visible character. */
export const NameOrEmpty = (options: TextOptions = {}) =>
  Type.String({ ...options, pattern: NAME_OR_EMPTY_PATTERN });

/** With the `u` flag a surrogate pair is one code point: this finds only unpaired halves. */
const LONE_SURROGATE = /\p{Cs}/u;

/** JSON pointers (RFC 6901) of the strings in `value`, keys included, that hold a lone surrogate. */
export function loneSurrogatePointers(value: unknown, at = ''): string[] {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? [at] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => loneSurrogatePointers(item, `${at}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const here = `${at}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    return LONE_SURROGATE.test(key) ? [here] : loneSurrogatePointers(item, here);
  });
}

export const LONE_SURROGATE_MESSAGE = 'must not contain lone surrogates';
