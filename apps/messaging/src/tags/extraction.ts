/**
 * Hashtags in a message's text: `#` then a letter, then letters, marks, digits or `_` (any script:
 * `#café`, `#日本語`, `#über_alles`), at most TAG_MAX_LENGTH code points. Read from the sanitised
 * HTML's text: attributes (a link's `href`) and code (`<code>`, `<pre>`) are not text one tags, and
 * a `#` right after a word character, `/`, `&` or another `#` is part of something else (a URL's
 * fragment `https://x/#anchor`, `C#`, an entity). The key is NFKC and lower case (`#Café` and
 * `#CAFÉ` are one tag); the message keeps its first spelling of each, at most TAGS_PER_MESSAGE_MAX.
 */
import { TAG_MAX_LENGTH, TAGS_PER_MESSAGE_MAX } from '@ncs/contracts';

export interface MessageTag {
  /** As the message spells it (its first spelling), without `#`. */
  readonly name: string;
  /** NFKC, lower case: what lists, links and follows use. */
  readonly key: string;
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

/** A tag's characters after `#`: the first a letter; a longer run than the bound is no tag. */
const TAG_BODY = /^\p{L}[\p{L}\p{M}\p{N}_]*$/u;

/**
 * `#` not preceded by a word character, `/`, `&` or `#`, then the longest run of tag characters
 * (checked against the bound and the first-letter rule afterwards, so `#123abc` is not cut into
 * `#abc` and an over-long word is not cut into a tag).
 */
const CANDIDATE = /(?<![\p{L}\p{M}\p{N}_/&#])#([\p{L}\p{M}\p{N}_]+)/gu;

/** The text of sanitised HTML, without code and without tags (their attributes go with them). */
function visibleText(htmlBody: string): string {
  return htmlBody
    .replace(/<(code|pre)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? ' ');
}

/** The key of a tag as a path or query names it (with or without `#`); undefined when it is none. */
export function tagKeyOf(input: string): string | undefined {
  const name = (input.startsWith('#') ? input.slice(1) : input).normalize('NFKC');
  if (!TAG_BODY.test(name) || [...name].length > TAG_MAX_LENGTH) return undefined;
  return name.toLowerCase();
}

/** The distinct tags of a sanitised `htmlBody`, in order of first appearance, at most the bound. */
export function tagsOf(htmlBody: string): MessageTag[] {
  const tags = new Map<string, MessageTag>();
  for (const match of visibleText(htmlBody).matchAll(CANDIDATE)) {
    if (tags.size >= TAGS_PER_MESSAGE_MAX) break;
    const spelled = match[1]!.normalize('NFC');
    const key = tagKeyOf(spelled);
    if (key !== undefined && !tags.has(key)) tags.set(key, { name: spelled, key });
  }
  return [...tags.values()];
}

/** The fields a message stores for its tags: `tags` (the keys, indexed) and their spellings. */
export function tagFieldsOf(htmlBody: string): { tags: string[]; tagNames: string[] } {
  const tags = tagsOf(htmlBody);
  return { tags: tags.map((tag) => tag.key), tagNames: tags.map((tag) => tag.name) };
}
