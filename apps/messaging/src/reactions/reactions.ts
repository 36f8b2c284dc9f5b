/**
 * Emoji reactions to a message or comment: adding the caller's (idempotent), taking it back, and
 * the list grouped by emoji. Whoever may read the message may react, under the like's rules: a
 * locked or not reactable message takes none, taking one back is always allowed. Decisions:
 * docs/decisions.md, "Messaging: emoji reactions".
 */
import { DomainError, normalisedEmoji, toTimestamp, type PlainCollection } from '@ncs/contracts';
import { collectionOf, isDuplicateKeyError, type Page, type RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import { messageAudience } from '../messages/audience.js';
import type { WriteDeps } from '../messages/deps.js';
import type { MessageDoc } from '../messages/models.js';
import { messageSummary, userRef } from '../messages/presentation.js';
import { findReadableMessage } from '../messages/reading.js';
import { requireReactable } from '../messages/rules.js';
import { reread } from '../messages/writing.js';
import { countReaction, uncountReaction } from './counts.js';
import type { ReactionStore } from './models.js';

/** The emoji as stored, or the 400 naming where it came from. */
export function emojiOf(text: string, pointer: string): string {
  const emoji = normalisedEmoji(text);
  if (emoji === undefined) {
    throw new DomainError('MESSAGING_ERR_EMOJI_INVALID', undefined, [
      { pointer, message: 'not one Unicode emoji' },
    ]);
  }
  return emoji;
}

const reactionEvent = (caller: Caller, message: MessageDoc, emoji: string) => ({
  networkEID: caller.networkEID,
  actor: userRef(caller.profileEID),
  audience: messageAudience(message),
  data: { message: messageSummary(message), reactor: userRef(caller.profileEID), emoji },
});

/** Adds the caller's reaction with `text`; the same emoji again changes nothing (no second event). */
export async function addReaction(
  { models, rpc, outbox }: WriteDeps<ReactionStore>,
  caller: Caller,
  messageEID: string,
  text: string,
) {
  const emoji = emojiOf(text, '/body/emoji'); // before any read: a bad emoji costs nothing
  const { message } = await findReadableMessage(models, rpc, caller, messageEID);
  requireReactable(message);
  const key = { networkEID: caller.networkEID, profileEID: caller.profileEID, messageEID, emoji };
  try {
    await models.Reaction.create(key);
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    return reread(models, caller, message);
  }
  if (!(await countReaction(models.Message, message, emoji))) {
    // No room for another emoji: the reaction is not kept, so the list and the counts agree.
    await models.Reaction.deleteOne(key);
    throw new DomainError('MESSAGING_ERR_TOO_MANY_REACTIONS');
  }
  await outbox.record('messaging.message.reacted', reactionEvent(caller, message, emoji));
  return reread(models, caller, message);
}

/** Takes the caller's reaction with `text` back (allowed while locked); idempotent. */
export async function removeReaction(
  { models, rpc, outbox }: WriteDeps<ReactionStore>,
  caller: Caller,
  messageEID: string,
  text: string,
) {
  const emoji = emojiOf(text, '/params/emoji');
  const { message } = await findReadableMessage(models, rpc, caller, messageEID);
  const removed = await models.Reaction.deleteOne({
    networkEID: caller.networkEID,
    profileEID: caller.profileEID,
    messageEID,
    emoji,
  });
  if (removed.deletedCount > 0) {
    await uncountReaction(models.Message, message, emoji);
    await outbox.record('messaging.message.unreacted', reactionEvent(caller, message, emoji));
  }
  return reread(models, caller, message);
}

/**
 * The reactions to a message, grouped by emoji in code point order, newest first within one. The
 * total comes from the message's counts (no count of the matches).
 */
export async function listReactions(
  models: ReactionStore,
  rpc: RpcClient,
  caller: Caller,
  messageEID: string,
  query: { readonly emoji?: string | undefined },
  page: Page,
): Promise<PlainCollection> {
  const emoji = query.emoji === undefined ? undefined : emojiOf(query.emoji, '/query/emoji');
  const { message } = await findReadableMessage(models, rpc, caller, messageEID);
  const counts = message.reactionCounts ?? [];
  const total = counts
    .filter((entry) => emoji === undefined || entry.emoji === emoji)
    .reduce((sum, entry) => sum + entry.count, 0);
  const rows =
    total === 0
      ? []
      : await models.Reaction.find({
          networkEID: caller.networkEID,
          messageEID,
          ...(emoji === undefined ? {} : { emoji }),
        })
          .sort({ emoji: 1, created: -1, _id: -1 })
          .skip(page.offset)
          .limit(page.limit)
          .lean();
  return collectionOf(
    { itemType: 'reaction', rel: 'reactions' },
    page,
    total,
    rows.map((row) => ({
      type: 'reaction',
      EID: String(row._id),
      emoji: row.emoji,
      user: userRef(row.profileEID),
      message: { type: message.type, EID: messageEID },
      created: toTimestamp(row.created),
    })),
  );
}

/** A removed message's reactions go with it (its counts went with the message). */
export async function removeReactionsOf(models: ReactionStore, message: MessageDoc): Promise<void> {
  await models.Reaction.deleteMany({ networkEID: message.networkEID, messageEID: String(message._id) });
}
