/**
 * The `message_commenters` collection: one document per person and message they commented on (a
 * unique index makes recording idempotent). Registered with the other models (messages/models.ts);
 * read by timelines/commenters.ts.
 */
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import type { CoreStore } from '../messages/features.js';

const commenterSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    messageEID: { type: String, required: true },
    profileEID: { type: String, required: true },
  },
  { strict: true, timestamps: { createdAt: 'created', updatedAt: false }, collection: 'message_commenters' },
);
// Unique per person and message; serves the keyset page (equality, then the sort on profileEID).
commenterSchema.index({ networkEID: 1, messageEID: 1, profileEID: 1 }, { unique: true });

export type CommenterDoc = InferSchemaType<typeof commenterSchema>;

export function registerCommenterModel(connection: Connection): Model<CommenterDoc> {
  return connection.model<CommenterDoc>('MessageCommenter', commenterSchema);
}

/** What the timelines area works with: the core's collections and who commented where. */
export interface TimelineStore extends CoreStore {
  readonly Commenter: Model<CommenterDoc>;
}
