/**
 * Search tokens: the lowercase words of a message's sanitised text (tags removed), stored in
 * `searchTokens` and indexed `{networkEID, searchTokens}` — no `$text` (FerretDB has none).
 */

/** At most this many distinct tokens are kept per message (a long text still indexes its start). */
const MAX_TOKENS = 500;
const MAX_TOKEN_LENGTH = 64;

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

/** The distinct lowercase words of `text` (letters and digits of any script), in order of appearance. */
export function tokensOf(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .normalize('NFC')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = new Set<string>();
  for (const word of words) {
    if (unique.size >= MAX_TOKENS) break;
    unique.add(word.slice(0, MAX_TOKEN_LENGTH));
  }
  return [...unique];
}

/** The search tokens of a sanitised `htmlBody`: its text without tags, entities decoded. */
export function searchTokensOf(htmlBody: string): string[] {
  const text = htmlBody
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? ' ');
  return tokensOf(text);
}
