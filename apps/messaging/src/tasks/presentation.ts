/**
 * What a task message shows (issue #11): the read-only `task` object (kind, due date, completion,
 * the parent's counts, the caller's own assignment) and, for a child task, `parent`. The caller's
 * assignments of a whole page come in one query.
 */
import { toTimestamp } from '@ncs/contracts';
import type { Caller } from '../messages/access.js';
import type { MessageDoc, MessagingModels } from '../messages/models.js';
import type { AssignmentDoc } from './models.js';

/** The caller's assignments among `docs`, by task EID. */
export type TaskViews = ReadonlyMap<string, Pick<AssignmentDoc, 'completed'>>;

export async function taskViewsOf(
  models: MessagingModels,
  caller: Caller,
  docs: readonly MessageDoc[],
): Promise<TaskViews> {
  const taskEIDs = docs.filter((doc) => doc.type === 'task').map((doc) => String(doc._id));
  if (taskEIDs.length === 0) return new Map();
  const rows = await models.TaskAssignment.find(
    { networkEID: caller.networkEID, profileEID: caller.profileEID, taskEID: { $in: taskEIDs } },
    { taskEID: 1, completed: 1 },
  ).lean<Pick<AssignmentDoc, 'taskEID' | 'completed'>[]>();
  return new Map(rows.map((row) => [row.taskEID, { completed: row.completed }]));
}

const timestampOrNull = (date: Date | null | undefined) => (date ? toTimestamp(date) : null);

/** The resource fields of a task (nothing for other types). */
export function taskResourceFieldsOf(doc: MessageDoc, views: TaskViews) {
  const task = doc.task;
  if (doc.type !== 'task' || !task) return {};
  const own = views.get(String(doc._id));
  return {
    task: {
      kind: task.kind,
      dueDate: timestampOrNull(task.dueDate),
      completed: task.completed,
      completedAt: timestampOrNull(task.completedAt),
      completedBy: task.completedBy ? { type: 'user', EID: task.completedBy } : null,
      numAssignees: task.numAssignees,
      numCompleted: task.numCompleted,
      assignees: task.kind === 'individual' ? task.assigneeEIDs.map((EID) => ({ type: 'user', EID })) : [],
      groups: task.kind === 'split' ? [] : task.groupEIDs.map((EID) => ({ type: 'group', EID })),
      _user: { assigned: own !== undefined, completed: own?.completed ?? false },
    },
    ...(task.parentEID ? { parent: { type: 'task', EID: task.parentEID } } : {}),
  };
}
