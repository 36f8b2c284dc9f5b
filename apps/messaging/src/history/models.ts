/**
 * Edit history: the `message_versions` collection, one document per earlier version of a message's
 * text (one per edit that changed it), at most MESSAGE_HISTORY_MAX_VERSIONS per message. Every index
 * starts with `networkEID` (ARCHITECTURE §10).
 */
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import { HTML_BODY_MAX_LENGTH } from '@ncs/contracts';
import type { CoreStore } from '../messages/features.js';

const messageVersionSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    messageEID: { type: String, required: true },
    /** A comment's message, so that the versions of its comments go when it goes; null otherwise. */
    parentEID: { type: String, default: null },
    /** 1 for the text as posted, then one more per edit that changed it. */
    version: { type: Number, required: true, min: 1 },
    htmlBody: { type: String, required: true, maxlength: HTML_BODY_MAX_LENGTH },
    /** A news item's headline of this version; null for the other types. */
    title: { type: String, default: null },
    /** Who wrote this version: the author for version 1, then whoever made the edit. */
    editorEID: { type: String, required: true },
    /** Who made the edit that replaced it: the editor of the next version. */
    replacedByEID: { type: String, required: true },
    /** When this version was made (posted, or the edit that made it). */
    created: { type: Date, required: true },
    /** When an edit replaced it. */
    edited: { type: Date, required: true },
  },
  // No automatic timestamps: the document is written when the version is replaced (`edited`).
  { strict: true, collection: 'message_versions' },
);
// A message's versions, newest first; also its latest one (the next number) and the trim of the
// oldest. Unique: two edits at once cannot both take the same number.
messageVersionSchema.index({ networkEID: 1, messageEID: 1, version: -1 }, { unique: true });
// The versions of a removed message's comments.
messageVersionSchema.index({ networkEID: 1, parentEID: 1 });

export type MessageVersionDoc = InferSchemaType<typeof messageVersionSchema> & { readonly _id: unknown };

export function registerMessageVersionModel(connection: Connection): Model<MessageVersionDoc> {
  return connection.model<MessageVersionDoc>('MessageVersion', messageVersionSchema);
}

/** What the history area works with: the core's collections and the versions. */
export interface HistoryStore extends CoreStore {
  readonly MessageVersion: Model<MessageVersionDoc>;
}
