/**
 * The sub-documents a message of one type carries (`task`, `poll`, `event`): part of the one
 * `messages` collection's schema, so they sit in the core as contracts keeps the types' bodies; the
 * areas that work with them (tasks/, polls/, events/) keep their own collections beside them.
 */
import { Schema, type InferSchemaType } from 'mongoose';
import { taskKinds } from '@ncs/contracts';

/** The `task` of a message of type `task` (null for every other type). */
export const taskSchema = new Schema(
  {
    kind: { type: String, enum: taskKinds, required: true },
    dueDate: { type: Date, default: null },
    /** individual: the one assignee; split: the people named when posted (all its assignees are its assignments). */
    assigneeEIDs: { type: [String], default: [] },
    /** shared: the addressed groups; associated: its group; split: the groups whose members it took. */
    groupEIDs: { type: [String], default: [] },
    /** associated: the shared task it is a child of. */
    parentEID: { type: String, default: null },
    completed: { type: Boolean, default: false },
    completedAt: { type: Date, default: null },
    completedBy: { type: String, default: null },
    /** Fixed at posting; how many of them are done is read from the parts (presentation.ts). */
    numAssignees: { type: Number, default: 1, min: 0 },
  },
  { _id: false, strict: true },
);
export type StoredTask = InferSchemaType<typeof taskSchema>;

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

const responderCountsSchema = new Schema(
  {
    yes: { type: Number, default: 0, min: 0 },
    no: { type: Number, default: 0, min: 0 },
    maybe: { type: Number, default: 0, min: 0 },
  },
  { _id: false },
);

/** The `event` sub-document of a message (type `event` only). */
export const eventSchema = new Schema(
  {
    start: { type: Date, required: true },
    end: { type: Date, required: true },
    allDay: { type: Boolean, default: false },
    location: { type: String, default: null },
    /** A private event's invitees (empty: a public event). */
    inviteeEIDs: { type: [String], default: [] },
    canceled: { type: Boolean, default: false },
    responderCounts: { type: responderCountsSchema, default: () => ({ yes: 0, no: 0, maybe: 0 }) },
  },
  { _id: false },
);
