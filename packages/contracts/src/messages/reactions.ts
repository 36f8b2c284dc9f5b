/**
 * Emoji reactions: what a reaction is and its bounds, shared by the routes, the messaging service
 * and clients. Rules where the spec is silent: docs/decisions.md, "Messaging: emoji reactions".
 */
import { Type, type Static } from '@sinclair/typebox';
import { PageLimit, PageOffset } from '../core/pagination.js';
import { Text } from '../core/text-hygiene.js';
import { Eid, HalEmbedded, HalLinks, halCollection, Ref, Timestamp } from '../core/schemas.js';

/** Distinct emoji one message takes; a reaction with one more is refused (409). */
export const REACTIONS_DISTINCT_MAX = 20;

/**
 * The longest emoji taken, in UTF-16 units: the longest RGI sequences (a family, a couple with skin
 * tones) are 15 code points, under 30 units.
 */
export const EMOJI_MAX_LENGTH = 32;

// One emoji of Unicode's recommended set (RGI): a single emoji, a skin-tone modifier sequence, a
// flag, a keycap or a ZWJ sequence. The `v` flag's property of strings keeps this the standard's
// own list rather than a hand-written range table. Built from a string: the compile target
// predates the flag, which every supported Node.js has.
const RGI_EMOJI = new RegExp('^\\p{RGI_Emoji}$', 'v');
const VARIATION_SELECTOR_16 = '\uFE0F';

/**
 * The emoji as stored and compared: the text itself when it is one RGI emoji; an emoji typed
 * without its presentation selector (`❤` for `❤️`, as some keyboards send it) gets it, so both count
 * as one reaction; anything else is undefined (refused).
 */
export function normalisedEmoji(text: string): string | undefined {
  if (text.length === 0 || text.length > EMOJI_MAX_LENGTH) return undefined;
  const nfc = text.normalize('NFC');
  if (RGI_EMOJI.test(nfc)) return nfc;
  const qualified = `${nfc}${VARIATION_SELECTOR_16}`;
  return RGI_EMOJI.test(qualified) ? qualified : undefined;
}

// The text rule (no control characters) at the edge; the emoji rule itself is `normalisedEmoji`.
const emojiOf = (description: string) =>
  Text({ minLength: 1, maxLength: EMOJI_MAX_LENGTH, description, examples: ['👍'] });

const Emoji = emojiOf(
  'One Unicode emoji (RGI: skin tones, flags, keycaps and ZWJ sequences included), e.g. `👍`, `👍🏽`, `👩‍💻`',
);

export const ReactionBody = Type.Object({ emoji: Emoji }, { additionalProperties: false });
export type ReactionBodyInput = Static<typeof ReactionBody>;

/** One emoji's reactions on a message, as the message shows them. */
export const ReactionSummary = Type.Object(
  {
    emoji: Type.String(),
    count: Type.Integer({ minimum: 1 }),
    me: Type.Boolean({ description: 'whether the caller reacted with this emoji' }),
  },
  { additionalProperties: false },
);

export const ReactionSummaryField = {
  reactions: Type.Optional(
    Type.Array(ReactionSummary, {
      maxItems: REACTIONS_DISTINCT_MAX,
      description: `read-only: the emoji reactions, one entry per emoji in the order first used (at most ${REACTIONS_DISTINCT_MAX}); likes are counted apart (\`numLikes\`)`,
    }),
  ),
};

export const ReactionResource = Type.Object(
  {
    type: Type.Literal('reaction'),
    EID: Eid,
    emoji: Type.String(),
    user: Ref('user'),
    message: Ref(),
    created: Timestamp,
    _links: HalLinks,
    _embedded: HalEmbedded,
  },
  { description: 'One person reacting to a message with one emoji.', $id: 'resource.reaction' },
);

export const ReactionCollection = halCollection(
  'reactions',
  ReactionResource,
  'The reactions to a message grouped by emoji (in code point order), newest first within an emoji.',
);

export const ReactionListQuery = Type.Object({
  limit: Type.Optional(PageLimit),
  offset: Type.Optional(PageOffset),
  emoji: Type.Optional(emojiOf('Only the reactions with this emoji')),
});
