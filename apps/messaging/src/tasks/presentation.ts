/**
 * What a task message shows: the read-only `task` object (kind, due date, completion,
 * the parent's counts, the caller's own assignment) and, for a child task, `parent`. The caller's
 * assignments of a whole page come in one query. A parent (split, or shared with several groups)
 * keeps no counter: how many of its parts are done is counted from them (at most 1000 assignments
 * by the index `{networkEID, taskEID, completed, completedAt}`, at most 20 children), so it is
 * right whatever completions ran at the same time.
 */
import { TASK_GROUPS_MAX_ITEMS, toTimestamp } from '@ncs/contracts';
import type { Caller } from '../messages/access.js';
import type { MessageDoc } from '../messages/models.js';
import type { AssignmentDoc } from './models.js';
import type { TaskStore } from './models.js';

interface PartsDone {
  readonly numCompleted: number;
  /** When the last part was done. */
  readonly latestAt: Date | null;
}

/** The caller's assignments among a page's tasks, and how far each parent is. */
export interface TaskViews {
  readonly own: ReadonlyMap<string, Pick<AssignmentDoc, 'completed'>>;
  readonly parts: ReadonlyMap<string, PartsDone>;
}

const isParent = (doc: MessageDoc) =>
  doc.task?.kind === 'split' || (doc.task?.kind === 'shared' && doc.task.groupEIDs.length > 1);

async function partsDone(models: TaskStore, doc: MessageDoc): Promise<PartsDone> {
  const taskEID = String(doc._id);
  if (doc.task?.kind === 'split') {
    const filter = { networkEID: doc.networkEID, taskEID, completed: true };
    const [numCompleted, latest] = await Promise.all([
      models.TaskAssignment.countDocuments(filter),
      models.TaskAssignment.findOne(filter, { completedAt: 1 })
        .sort({ completedAt: -1 })
        .lean<Pick<AssignmentDoc, 'completedAt'>>(),
    ]);
    return { numCompleted, latestAt: latest?.completedAt ?? null };
  }
  const children = await models.Message.find(
    { networkEID: doc.networkEID, 'task.parentEID': taskEID, removedAt: null },
    { 'task.completed': 1, 'task.completedAt': 1 },
  )
    .limit(TASK_GROUPS_MAX_ITEMS)
    .lean<MessageDoc[]>();
  const done = children.filter((child) => child.task?.completed);
  const times = done.map((child) => child.task?.completedAt?.getTime() ?? 0);
  return { numCompleted: done.length, latestAt: times.length > 0 ? new Date(Math.max(...times)) : null };
}

export async function taskViewsOf(
  models: TaskStore,
  caller: Caller,
  docs: readonly MessageDoc[],
): Promise<TaskViews> {
  const tasks = docs.filter((doc) => doc.type === 'task' && doc.task);
  if (tasks.length === 0) return { own: new Map(), parts: new Map() };
  const [rows, parts] = await Promise.all([
    models.TaskAssignment.find(
      {
        networkEID: caller.networkEID,
        profileEID: caller.profileEID,
        taskEID: { $in: tasks.map((doc) => String(doc._id)) },
      },
      { taskEID: 1, completed: 1 },
    ).lean<Pick<AssignmentDoc, 'taskEID' | 'completed'>[]>(),
    Promise.all(
      tasks.filter(isParent).map(async (doc) => [String(doc._id), await partsDone(models, doc)] as const),
    ),
  ]);
  return {
    own: new Map(rows.map((row) => [row.taskEID, { completed: row.completed }])),
    parts: new Map(parts),
  };
}

const timestampOrNull = (date: Date | null | undefined) => (date ? toTimestamp(date) : null);

/** Completion as shown: a parent's from its parts, any other task's its own. */
function completionOf(doc: MessageDoc, views: TaskViews) {
  const task = doc.task!;
  const parts = views.parts.get(String(doc._id));
  if (!parts) {
    return {
      completed: task.completed,
      completedAt: timestampOrNull(task.completedAt),
      completedBy: task.completedBy ? { type: 'user', EID: task.completedBy } : null,
      numCompleted: task.completed ? 1 : 0,
    };
  }
  const completed = task.numAssignees > 0 && parts.numCompleted >= task.numAssignees;
  return {
    completed,
    completedAt: completed ? timestampOrNull(parts.latestAt) : null,
    completedBy: null,
    numCompleted: parts.numCompleted,
  };
}

/** The resource fields of a task (nothing for other types). */
export function taskResourceFieldsOf(doc: MessageDoc, views: TaskViews) {
  const task = doc.task;
  if (doc.type !== 'task' || !task) return {};
  const own = views.own.get(String(doc._id));
  const { completed, completedAt, completedBy, numCompleted } = completionOf(doc, views);
  return {
    task: {
      kind: task.kind,
      dueDate: timestampOrNull(task.dueDate),
      completed,
      completedAt,
      completedBy,
      numAssignees: task.numAssignees,
      numCompleted,
      // As addressed: the people named (individual, split) and the groups (shared, split).
      assignees: task.assigneeEIDs.map((EID) => ({ type: 'user', EID })),
      groups: task.groupEIDs.map((EID) => ({ type: 'group', EID })),
      _user: { assigned: own !== undefined, completed: own?.completed ?? false },
    },
    ...(task.parentEID ? { parent: { type: 'task', EID: task.parentEID } } : {}),
  };
}
