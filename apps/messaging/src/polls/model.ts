/**
 * Polls: one vote document per person and poll. The unique index makes "one vote per person" a
 * rule of the store; the counts per answer live on the poll (messages/type-schemas.ts) and move only
 * by atomic `$inc` (never read-modify-write). Every index starts with `networkEID` (ARCHITECTURE §10).
 */
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import type { StoredDocument } from '@ncs/service-kit';
import type { CoreStore } from '../messages/features.js';

const pollVoteSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    pollEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    answerEID: { type: String, required: true },
    /** The time of the person's latest vote (a change moves it). */
    votedAt: { type: Date, required: true },
  },
  { strict: true, timestamps: { createdAt: 'created', updatedAt: false }, collection: 'poll_votes' },
);
// One vote per person and poll; also the caller's vote on a page of polls, and the voters of a
// reactivated poll by keyset (profileEID ascending).
pollVoteSchema.index({ networkEID: 1, pollEID: 1, profileEID: 1 }, { unique: true });
// The voters of an answer, latest vote first.
pollVoteSchema.index({ networkEID: 1, pollEID: 1, answerEID: 1, votedAt: -1, _id: -1 });

export type PollVoteDoc = InferSchemaType<typeof pollVoteSchema> & Omit<StoredDocument, 'lastModified'>;

export function registerPollVoteModel(connection: Connection): Model<PollVoteDoc> {
  return connection.model<PollVoteDoc>('PollVote', pollVoteSchema);
}

/** What the polls area works with: the core's collections and the votes. */
export interface PollStore extends CoreStore {
  readonly PollVote: Model<PollVoteDoc>;
}
