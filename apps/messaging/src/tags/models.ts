/**
 * Hashtags: who follows which tag, and how they want to hear of new messages with it. The tags of a
 * message are on the message itself (`tags`, `tagNames`), so a page shows them without a query.
 * Every index starts with `networkEID` (ARCHITECTURE §10).
 */
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import { tagAlertCategories } from '@ncs/contracts';
import type { StoredDocument } from '@ncs/service-kit';
import type { CoreStore } from '../messages/features.js';

const tagFollowSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    /** The tag's key (NFKC, lower case). */
    tagKey: { type: String, required: true },
    profileEID: { type: String, required: true },
    alertCategory: { type: String, enum: tagAlertCategories, default: 'none' },
  },
  { strict: true, timestamps: { createdAt: 'created', updatedAt: false }, collection: 'tag_follows' },
);
// One follow per person and tag; a tag's followers by profile EID (the bounded push of a new message).
tagFollowSchema.index({ networkEID: 1, tagKey: 1, profileEID: 1 }, { unique: true });
// A person's follows (their `_user.following`, their bound).
tagFollowSchema.index({ networkEID: 1, profileEID: 1, tagKey: 1 });

export type TagFollowDoc = InferSchemaType<typeof tagFollowSchema> & Pick<StoredDocument, '_id'>;

export function registerTagFollowModel(connection: Connection): Model<TagFollowDoc> {
  return connection.model<TagFollowDoc>('TagFollow', tagFollowSchema);
}

/** What the hashtags area works with: the core's collections and the follows. */
export interface TagStore extends CoreStore {
  readonly TagFollow: Model<TagFollowDoc>;
}
