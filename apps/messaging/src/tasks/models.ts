/**
 * Tasks: one assignment per person a task is assigned to (collection `task_assignments`): the
 * caller's tasks list, a split task's own completions and its progress. The `task` sub-document of
 * the message (kind, due date, completion, counts) is the core's (messages/type-schemas.ts).
 * Decisions: docs/decisions.md, "Messaging: tasks".
 */
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import type { StoredDocument } from '@ncs/service-kit';
import type { CoreStore } from '../messages/features.js';

/** Sorts tasks without due date after every due date (the list is soonest due first). */
export const NO_DUE_DATE_SORT = new Date('9999-12-31T00:00:00.000Z');

const assignmentSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    taskEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    /** split: the addressed groups this person came with (progress filter `groupEID`). */
    viaGroupEIDs: { type: [String], default: [] },
    dueDate: { type: Date, default: null },
    /** `dueDate`, or `NO_DUE_DATE_SORT` without one. */
    dueSort: { type: Date, required: true },
    completed: { type: Boolean, default: false },
    completedAt: { type: Date, default: null },
  },
  { strict: true, timestamps: { createdAt: 'created', updatedAt: false }, collection: 'task_assignments' },
);
// One assignment per person and task (and a task's assignments, by person: recipients, progress).
assignmentSchema.index({ networkEID: 1, taskEID: 1, profileEID: 1 }, { unique: true });
// The caller's tasks: equality on the person (and `completed`), then the sort by due date.
assignmentSchema.index({ networkEID: 1, profileEID: 1, completed: 1, dueSort: 1, _id: 1 });
assignmentSchema.index({ networkEID: 1, profileEID: 1, dueSort: 1, _id: 1 });
// A split task's done assignments: counted (at most 1000), the latest one first.
assignmentSchema.index({ networkEID: 1, taskEID: 1, completed: 1, completedAt: -1 });

export type AssignmentDoc = InferSchemaType<typeof assignmentSchema> & Omit<StoredDocument, 'lastModified'>;

export function registerAssignmentModel(connection: Connection): Model<AssignmentDoc> {
  return connection.model<AssignmentDoc>('TaskAssignment', assignmentSchema);
}

/** What the tasks area works with: the core's collections and the assignments. */
export interface TaskStore extends CoreStore {
  readonly TaskAssignment: Model<AssignmentDoc>;
}
