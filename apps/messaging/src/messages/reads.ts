/**
 * Message actions. Which of a page's messages the caller marked read, and which
 * the caller is subscribed to: one query each on `message_reads` and `message_subscriptions` (their
 * unique index networkEID, messageEID, profileEID).
 */
import type { Caller } from './access.js';
import type { Model } from 'mongoose';
import type { CoreStore } from './features.js';

/** A per-person mark on messages (a read, a subscription): what the lookup needs of its model. */
type MarkModel = Model<{ networkEID: string; messageEID: string; profileEID: string }>;

/** Which of `messageEIDs` the caller marked in `model` (one query on its unique index). */
async function markedByCaller(model: MarkModel, caller: Caller, messageEIDs: readonly string[]) {
  const marks = await model
    .find(
      { networkEID: caller.networkEID, messageEID: { $in: messageEIDs }, profileEID: caller.profileEID },
      { messageEID: 1 },
    )
    .lean<{ messageEID: string }[]>();
  return new Set(marks.map((mark) => mark.messageEID));
}

export const readByCaller = (models: CoreStore, caller: Caller, messageEIDs: readonly string[]) =>
  markedByCaller(models.Read as unknown as MarkModel, caller, messageEIDs);

export const subscribedByCaller = (models: CoreStore, caller: Caller, messageEIDs: readonly string[]) =>
  markedByCaller(models.Subscription as unknown as MarkModel, caller, messageEIDs);
