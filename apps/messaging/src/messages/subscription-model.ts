/**
 * Message actions, subscriptions. One document per person subscribed to a message's
 * comments: the unique index makes subscribing idempotent; `{networkEID, messageEID, _id}` serves
 * the keyset pages of the subscribers to notify of a new comment.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { StoredDocument } from '@ncs/service-kit';

const subscriptionSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    messageEID: { type: String, required: true },
    profileEID: { type: String, required: true },
  },
  {
    strict: true,
    timestamps: { createdAt: 'created', updatedAt: false },
    collection: 'message_subscriptions',
  },
);
subscriptionSchema.index({ networkEID: 1, messageEID: 1, profileEID: 1 }, { unique: true });
subscriptionSchema.index({ networkEID: 1, messageEID: 1, _id: 1 });

export interface SubscriptionDoc extends Omit<StoredDocument, 'lastModified'> {
  networkEID: string;
  messageEID: string;
  profileEID: string;
}

export function registerSubscriptionModel(connection: Connection): Model<SubscriptionDoc> {
  return connection.model<SubscriptionDoc>('MessageSubscription', subscriptionSchema);
}
