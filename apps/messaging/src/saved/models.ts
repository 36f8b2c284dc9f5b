/**
 * Saved items: one document per person and saved thing (a message, a comment or a knowledge-base
 * page), kept until the person removes it: a thing removed or no longer readable shows as a
 * tombstone in the list. Every index starts with `networkEID` (ARCHITECTURE §10).
 */
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import type { StoredDocument } from '@ncs/service-kit';
import type { CoreStore } from '../messages/features.js';

/** What a saved item names: a message of messaging (any type, comments too) or a page of kb. */
export const savedItemKinds = ['message', 'kb_page'] as const;
export type SavedItemKind = (typeof savedItemKinds)[number];

const savedItemSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    kind: { type: String, required: true, enum: savedItemKinds },
    /** The resource type when saved (`update`, `comment`, `kb_page`…): the tombstone's reference. */
    itemType: { type: String, required: true },
    itemEID: { type: String, required: true },
    savedAt: { type: Date, required: true },
  },
  { strict: true, timestamps: false, collection: 'saved_items' },
);
// One bookmark per person and thing; also the saved flags of a page of things (`itemEID` in it).
savedItemSchema.index({ networkEID: 1, profileEID: 1, itemEID: 1 }, { unique: true });
// A person's list, most recently saved first (and its count).
savedItemSchema.index({ networkEID: 1, profileEID: 1, savedAt: -1, _id: -1 });

export type SavedItemDoc = InferSchemaType<typeof savedItemSchema> & Pick<StoredDocument, '_id'>;

export function registerSavedItemModel(connection: Connection): Model<SavedItemDoc> {
  return connection.model<SavedItemDoc>('SavedItem', savedItemSchema);
}

/** What the saved-items area works with: the core's collections and the bookmarks. */
export interface SavedStore extends CoreStore {
  readonly SavedItem: Model<SavedItemDoc>;
}
