/**
 * Message actions, subscriptions. Subscribing (idempotent by the unique index of
 * `message_subscriptions`) and the `message_activity_comment` event of a new comment: ONE outbox
 * event listing the subscribers to notify (never the commenter), read in keyset pages of
 * `SUBSCRIBERS_PAGE` by `_id` (index `{networkEID, messageEID, _id}`).
 */
import type { Types } from 'mongoose';
import { isDuplicateKeyError, type Outbox } from '@ncs/service-kit';
import type { MessageDoc } from './models.js';
import { messageSummary, userRef } from './presentation.js';
import { peopleAudience } from './audience.js';
import type { CoreStore } from './features.js';

/** Subscribers read per query when a comment is posted. */
export const SUBSCRIBERS_PAGE = 500;

/** Subscribes `profileEID` to a message's comments: true when it was not subscribed yet. */
export async function addSubscription(
  models: CoreStore,
  networkEID: string,
  messageEID: string,
  profileEID: string,
): Promise<boolean> {
  try {
    await models.Subscription.create({ networkEID, messageEID, profileEID });
    return true;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    return false;
  }
}

/** Every subscriber of a message but `except`, in keyset pages of `SUBSCRIBERS_PAGE`. */
export async function subscribersOf(
  models: CoreStore,
  networkEID: string,
  messageEID: string,
  except: string,
): Promise<string[]> {
  const found: string[] = [];
  let after: Types.ObjectId | null = null;
  for (;;) {
    const page: { _id: Types.ObjectId; profileEID: string }[] = await models.Subscription.find(
      { networkEID, messageEID, ...(after === null ? {} : { _id: { $gt: after } }) },
      { profileEID: 1 },
    )
      .sort({ _id: 1 })
      .limit(SUBSCRIBERS_PAGE)
      .lean<{ _id: Types.ObjectId; profileEID: string }[]>();
    for (const subscription of page) {
      if (subscription.profileEID !== except) found.push(subscription.profileEID);
    }
    if (page.length < SUBSCRIBERS_PAGE) return found;
    after = page[page.length - 1]!._id;
  }
}

/**
 * After a comment: one `events.messaging.message.activity_comment` event (alert
 * `message_activity_comment`) naming the subscribers to notify, then the commenter subscribes.
 */
export async function recordCommentActivity(
  models: CoreStore,
  outbox: Outbox,
  message: MessageDoc,
  comment: MessageDoc,
): Promise<void> {
  const messageEID = String(message._id);
  const recipients = await subscribersOf(models, message.networkEID, messageEID, comment.authorEID);
  if (recipients.length > 0) {
    await outbox.record('messaging.message.activity_comment', {
      networkEID: message.networkEID,
      actor: userRef(comment.authorEID),
      audience: peopleAudience(recipients),
      data: {
        alert: 'message_activity_comment',
        message: messageSummary(message),
        comment: messageSummary(comment),
        recipients: recipients.map(userRef),
      },
    });
  }
  await addSubscription(models, message.networkEID, messageEID, comment.authorEID);
}
