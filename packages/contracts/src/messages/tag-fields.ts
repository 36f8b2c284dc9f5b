/**
 * Hashtags: the bounds of tags and the `tags` field of a message (beside the other message fields,
 * without importing the message resource). Rules: docs/decisions.md, "Messaging: hashtags".
 */
import { Type } from '@sinclair/typebox';

/** Longest tag, in code points after NFKC: a longer `#word` is no tag (cutting it would invent one). */
export const TAG_MAX_LENGTH = 50;
/** Most distinct tags a message keeps: the first ones of its text; the others stay plain text. */
export const TAGS_PER_MESSAGE_MAX = 10;
/** Most tags one person follows: following one more is refused (409) until one is unfollowed. */
export const TAG_FOLLOWS_PER_PERSON_MAX = 500;
/** Most followers one new tagged message is pushed to (the first by profile EID). */
export const TAG_FOLLOWERS_NOTIFIED_MAX = 1000;
/** The tag list and `search?tag=` look at this many newest tagged messages (as search does). */
export const TAG_LIST_MAX_DEPTH = 500;

/** How a follower wants to hear of a new message with the tag, beyond their live stream. */
export const tagAlertCategories = ['none', 'activity'] as const;
export type TagAlertCategory = (typeof tagAlertCategories)[number];

/** One tag of a message: its spelling in that message and its key (what links and lists use). */
export const MessageTag = Type.Object({
  name: Type.String({ description: 'The tag as the message spells it (without `#`)' }),
  key: Type.String({ description: 'The tag folded (NFKC, lower case): the `{tag}` of its resource' }),
});

/** The message's `tags` field (read-only). */
export const MessageTagsField = {
  tags: Type.Optional(
    Type.Array(MessageTag, {
      maxItems: TAGS_PER_MESSAGE_MAX,
      description: `read-only: the \`#words\` of the text (a letter, then letters, digits or \`_\`; at most ${TAG_MAX_LENGTH} characters; outside code and link addresses), at most ${TAGS_PER_MESSAGE_MAX}, each linked as \`tag\``,
    }),
  ),
};
