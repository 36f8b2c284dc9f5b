/**
 * Journeys: the journey (its steps and named recipients inside it, both bounded), one
 * participant document per person and launched journey, and one answer document per participant
 * and question step. Unique indexes make "a participant once" and "an answer once" rules of the
 * store; quiz results are derived on read from the answers (no counters that concurrent writes
 * could lose on FerretDB). Every index starts with `networkEID` (ARCHITECTURE §10).
 */
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import { journeyFailureReasons, journeyStatuses } from '@ncs/contracts';
import { timestamps, type StoredDocument } from '@ncs/service-kit';
import type { CoreStore } from '../messages/features.js';

const choiceSchema = new Schema(
  {
    EID: { type: String, required: true },
    text: { type: String, required: true },
    correct: { type: Boolean, default: false },
  },
  { _id: false, strict: true },
);

const stepSchema = new Schema(
  {
    EID: { type: String, required: true },
    kind: { type: String, enum: ['message', 'question'], required: true },
    text: { type: String, required: true },
    choices: { type: [choiceSchema], default: [] },
    multiple: { type: Boolean, default: false },
  },
  { _id: false, strict: true },
);

const recipientSchema = new Schema(
  { type: { type: String, enum: ['user', 'group'], required: true }, EID: { type: String, required: true } },
  { _id: false, strict: true },
);

const journeySchema = new Schema(
  {
    networkEID: { type: String, required: true },
    name: { type: String, required: true },
    description: { type: String, default: '' },
    status: { type: String, enum: journeyStatuses, default: 'draft' },
    failureReason: { type: String, enum: [...journeyFailureReasons, null], default: null },
    steps: { type: [stepSchema], default: [] },
    recipients: { type: [recipientSchema], default: [] },
    authorEID: { type: String, required: true },
    launchedByEID: { type: String, default: null },
    launchedAt: { type: Date, default: null },
    numParticipants: { type: Number, default: 0, min: 0 },
  },
  { strict: true, timestamps, collection: 'journeys' },
);
// The network's journeys, newest first (administrators' list).
journeySchema.index({ networkEID: 1, created: -1, _id: -1 });

const participantSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    journeyEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    /** When the journey the person takes part in was created: their list's order. */
    journeyCreated: { type: Date, required: true },
  },
  {
    strict: true,
    timestamps: { createdAt: 'created', updatedAt: false },
    collection: 'journey_participants',
  },
);
// A person takes part once; also the admin export by profile EID.
participantSchema.index({ networkEID: 1, journeyEID: 1, profileEID: 1 }, { unique: true });
// The journeys a person takes part in, newest journey first.
participantSchema.index({ networkEID: 1, profileEID: 1, journeyCreated: -1, journeyEID: -1 });

const answerSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    journeyEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    stepEID: { type: String, required: true },
    choices: { type: [String], required: true },
    /** Null for a question without a correct choice (a survey question). */
    correct: { type: Boolean, default: null },
  },
  { strict: true, timestamps: { createdAt: 'created', updatedAt: false }, collection: 'journey_answers' },
);
// One answer per participant and question; also a page of participants' answers.
answerSchema.index({ networkEID: 1, journeyEID: 1, profileEID: 1, stepEID: 1 }, { unique: true });

export type JourneyDoc = InferSchemaType<typeof journeySchema> & StoredDocument;
export type JourneyParticipantDoc = InferSchemaType<typeof participantSchema> &
  Omit<StoredDocument, 'lastModified'>;
export type JourneyAnswerDoc = InferSchemaType<typeof answerSchema> & Omit<StoredDocument, 'lastModified'>;

export interface JourneyModels {
  readonly Journey: Model<JourneyDoc>;
  readonly JourneyParticipant: Model<JourneyParticipantDoc>;
  readonly JourneyAnswer: Model<JourneyAnswerDoc>;
}

export function registerJourneyModels(connection: Connection): JourneyModels {
  return {
    Journey: connection.model<JourneyDoc>('Journey', journeySchema),
    JourneyParticipant: connection.model<JourneyParticipantDoc>('JourneyParticipant', participantSchema),
    JourneyAnswer: connection.model<JourneyAnswerDoc>('JourneyAnswer', answerSchema),
  };
}

/** What the journeys area works with. */
export interface JourneyStore extends CoreStore, JourneyModels {}
