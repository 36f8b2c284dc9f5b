/**
 * Polls: the `poll` sub-document of a message of type `poll`, and one vote document per
 * person and poll. The unique index makes "one vote per person" a rule of the store; the counts per
 * answer live on the poll and move only by atomic `$inc` (never read-modify-write). Every index
 * starts with `networkEID` (ARCHITECTURE §10).
 */
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import type { StoredDocument } from '@ncs/service-kit';

const answerSchema = new Schema(
  { EID: { type: String, required: true }, text: { type: String, required: true } },
  { _id: false, strict: true },
);

/** Stored on the message (`poll`); `counts` by answer EID (an EID is a safe key: no `.`, no `$`). */
export const pollSchema = new Schema(
  {
    answers: { type: [answerSchema], required: true },
    endsAt: { type: Date, required: true },
    /** How long the poll first ran: a reactivated poll runs as long again. */
    durationMs: { type: Number, required: true, min: 1 },
    counts: { type: Map, of: Number, default: {} },
    /** How many people voted (a changed vote counts once). */
    numVoters: { type: Number, default: 0 },
  },
  { _id: false, strict: true },
);

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
