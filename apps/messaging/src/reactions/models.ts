/**
 * Emoji reactions: one document per person, message and emoji. The unique index makes a repeated
 * reaction a no-op of the store; the counts per emoji live on the message (`reactionCounts`) and move
 * only by atomic updates (counts.ts). Every index starts with `networkEID` (ARCHITECTURE §10).
 */
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import type { StoredDocument } from '@ncs/service-kit';
import type { CoreStore } from '../messages/features.js';

const reactionSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    messageEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    /** Normalised (contracts `normalisedEmoji`): one emoji has one spelling here. */
    emoji: { type: String, required: true },
  },
  { strict: true, timestamps: { createdAt: 'created', updatedAt: false }, collection: 'message_reactions' },
);
// One reaction per person, message and emoji; also the caller's reactions on a page of messages
// (`profileEID` equal, `messageEID` in the page).
reactionSchema.index({ networkEID: 1, profileEID: 1, messageEID: 1, emoji: 1 }, { unique: true });
// A message's reactions grouped by emoji, newest first within one (and one emoji's alone).
reactionSchema.index({ networkEID: 1, messageEID: 1, emoji: 1, created: -1, _id: -1 });

export type ReactionDoc = InferSchemaType<typeof reactionSchema> & Omit<StoredDocument, 'lastModified'>;

export function registerReactionModel(connection: Connection): Model<ReactionDoc> {
  return connection.model<ReactionDoc>('Reaction', reactionSchema);
}

/** What the reactions area works with: the core's collections and the reactions. */
export interface ReactionStore extends CoreStore {
  readonly Reaction: Model<ReactionDoc>;
}
