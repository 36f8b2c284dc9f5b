/**
 * Concern: message actions (issue #10). Which of a page's messages the caller marked read, and which
 * the caller is subscribed to: one query each on `message_reads` and `message_subscriptions` (their
 * unique index networkEID, messageEID, profileEID).
 */
import type { Caller } from './access.js';
import type { MessagingModels, ReadDoc } from './models.js';

export async function readByCaller(
  models: MessagingModels,
  caller: Caller,
  messageEIDs: readonly string[],
): Promise<Set<string>> {
  const reads = await models.Read.find(
    { networkEID: caller.networkEID, messageEID: { $in: messageEIDs }, profileEID: caller.profileEID },
    { messageEID: 1 },
  ).lean<Pick<ReadDoc, 'messageEID'>[]>();
  return new Set(reads.map((read) => read.messageEID));
}

export async function subscribedByCaller(
  models: MessagingModels,
  caller: Caller,
  messageEIDs: readonly string[],
): Promise<Set<string>> {
  const subscriptions = await models.Subscription.find(
    { networkEID: caller.networkEID, messageEID: { $in: messageEIDs }, profileEID: caller.profileEID },
    { messageEID: 1 },
  ).lean<{ messageEID: string }[]>();
  return new Set(subscriptions.map((subscription) => subscription.messageEID));
}
