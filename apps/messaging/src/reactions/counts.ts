/**
 * The per-emoji counts on a message (`reactionCounts`), kept by atomic single-document updates so
 * concurrent reactions never lose a count: an existing emoji's entry is incremented in place; a new
 * emoji is pushed only while no entry for it exists and the list has room, and a push that lost a
 * race to the same emoji falls back to the increment. An entry that reaches zero is pulled.
 */
import { REACTIONS_DISTINCT_MAX } from '@ncs/contracts';
import type { Model } from 'mongoose';
import type { MessageDoc } from '../messages/models.js';

/** A push and an increment can each lose a race to the other at most once per competitor. */
const ATTEMPTS = 5;

/** Counts one more reaction with `emoji`; false when the message takes no new emoji (full). */
export async function countReaction(
  Message: Model<MessageDoc>,
  target: Pick<MessageDoc, '_id' | 'networkEID'>,
  emoji: string,
): Promise<boolean> {
  const byId = { _id: target._id, networkEID: target.networkEID };
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const incremented = await Message.updateOne(
      { ...byId, 'reactionCounts.emoji': emoji },
      { $inc: { 'reactionCounts.$.count': 1 } },
    );
    if (incremented.matchedCount > 0) return true;
    const pushed = await Message.updateOne(
      {
        ...byId,
        'reactionCounts.emoji': { $ne: emoji },
        // Room for one more: no entry at the last allowed position yet.
        [`reactionCounts.${REACTIONS_DISTINCT_MAX - 1}`]: { $exists: false },
      },
      { $push: { reactionCounts: { emoji, count: 1 } } },
    );
    if (pushed.matchedCount > 0) return true;
    // Neither matched: the list is full, or another request pushed this emoji a moment ago.
    const current = await Message.findOne(byId, { reactionCounts: 1 }).lean<
      Pick<MessageDoc, 'reactionCounts'>
    >();
    if (!current) return false;
    const entries = current.reactionCounts ?? [];
    if (!entries.some((entry) => entry.emoji === emoji) && entries.length >= REACTIONS_DISTINCT_MAX) {
      return false;
    }
  }
  return false;
}

/** Counts one reaction with `emoji` fewer, dropping the emoji's entry when none is left. */
export async function uncountReaction(
  Message: Model<MessageDoc>,
  target: Pick<MessageDoc, '_id' | 'networkEID'>,
  emoji: string,
): Promise<void> {
  const byId = { _id: target._id, networkEID: target.networkEID };
  // Called only after the caller's own reaction row was deleted: the entry counts it.
  await Message.updateOne(
    { ...byId, 'reactionCounts.emoji': emoji },
    { $inc: { 'reactionCounts.$.count': -1 } },
  );
  // Only an entry at zero is pulled: a reaction counted in between keeps it (its count is 1 again).
  await Message.updateOne(
    { ...byId, 'reactionCounts.count': { $lte: 0 } },
    {
      $pull: { reactionCounts: { count: { $lte: 0 } } },
    },
  );
}
