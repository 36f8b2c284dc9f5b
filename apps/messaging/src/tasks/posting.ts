/**
 * Posting a task: the plan of a new task (its kind and whom it is assigned to, checked
 * with auth), the `task` it stores, and what follows its creation: one assignment per person, one
 * child task per group of a shared task addressed to several groups, and the event
 * `events.messaging.task.created` with the assignees. Decisions: docs/decisions.md, "Messaging: tasks".
 */
import {
  DomainError,
  TASK_ASSIGNMENTS_MAX,
  toTimestamp,
  type CallerGroupAccess,
  type TaskKind,
} from '@ncs/contracts';
import type { RequestOf } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import type { MessageDoc } from '../messages/models.js';
import { messageSummary, userRef } from '../messages/presentation.js';
import { checkedAssignees, checkedGroups, groupMemberEIDs, splitAssignments } from './addressing.js';
import { NO_DUE_DATE_SORT } from './models.js';
import { kindOf } from './rules.js';
import { messageAudience } from '../messages/audience.js';
import type { TaskStore } from './models.js';

type CreateBody = RequestOf<'message.create'>['body'];

/** What a new task is: its kind, due date, addressed groups and assignments (person → via groups). */
export interface TaskPlan {
  readonly kind: Exclude<TaskKind, 'associated'>;
  readonly dueDate: Date | null;
  readonly assigneeEIDs: readonly string[];
  readonly groupEIDs: readonly string[];
  /** individual, split, single-group shared: the assignments of the task itself. */
  readonly assignments: ReadonlyMap<string, readonly string[]>;
}

/** The plan of a task (null for other types; `task` on another type is a 400 naming it). */
export async function taskPlanOf(
  rpc: WriteDeps<TaskStore>['rpc'],
  caller: Caller,
  access: CallerGroupAccess,
  body: CreateBody,
): Promise<TaskPlan | null> {
  if (body.type !== 'task') return null; // `task` on another type: refused by the core
  if (body.task === undefined) {
    throw new DomainError('TASKS_ERR_ASSIGNEES_REQUIRED', undefined, [
      { pointer: '/body/task', message: 'is required for a task' },
    ]);
  }
  const kind = kindOf(body.task);
  const people = await checkedAssignees(rpc, caller, body.task.assignees ?? [], body.group?.EID ?? null);
  const groupEIDs = checkedGroups(access, body.task.groups ?? []);
  const dueDate = body.task.dueDate ? new Date(body.task.dueDate) : null;
  let assignments: Map<string, string[]>;
  if (kind === 'split') assignments = await splitAssignments(rpc, caller, people, groupEIDs);
  else if (kind === 'individual') assignments = new Map([[people[0]!, []]]);
  else if (groupEIDs.length === 1) {
    const members = await groupMemberEIDs(rpc, caller, groupEIDs[0]!, TASK_ASSIGNMENTS_MAX);
    assignments = new Map(members.slice(0, TASK_ASSIGNMENTS_MAX).map((EID) => [EID, []]));
  } else assignments = new Map();
  // A split task keeps the people and groups it was addressed to, as posted (its assignments are
  // those people and the groups' members); a shared task's people are its groups' members.
  return { kind, dueDate, assigneeEIDs: kind === 'shared' ? [] : people, groupEIDs, assignments };
}

/** The stored `task` of a new task. */
export function taskFieldsOf(plan: TaskPlan | null) {
  if (plan === null) return {};
  const numAssignees =
    plan.kind === 'split'
      ? plan.assignments.size
      : plan.kind === 'shared' && plan.groupEIDs.length > 1
        ? plan.groupEIDs.length
        : 1;
  return {
    task: {
      kind: plan.kind,
      dueDate: plan.dueDate,
      assigneeEIDs: [...plan.assigneeEIDs],
      groupEIDs: [...plan.groupEIDs],
      numAssignees,
    },
  };
}

function assignmentRows(
  networkEID: string,
  taskEID: string,
  dueDate: Date | null,
  people: ReadonlyMap<string, readonly string[]> | readonly string[],
) {
  const entries: [string, readonly string[]][] = Array.isArray(people)
    ? people.map((EID: string) => [EID, []])
    : [...(people as ReadonlyMap<string, readonly string[]>)];
  return entries.map(([profileEID, viaGroupEIDs]) => ({
    networkEID,
    taskEID,
    profileEID,
    viaGroupEIDs: [...viaGroupEIDs],
    dueDate,
    dueSort: dueDate ?? NO_DUE_DATE_SORT,
  }));
}

/**
 * The child task of one group of a shared task (on no timeline, read where its parent is) and its
 * assignees: the group's active members.
 */
async function createChild(
  deps: WriteDeps<TaskStore>,
  caller: Caller,
  parent: MessageDoc,
  plan: TaskPlan,
  groupEID: string,
) {
  const child = await deps.models.Message.create({
    networkEID: caller.networkEID,
    type: 'task',
    authorEID: caller.profileEID,
    htmlBody: parent.htmlBody,
    groupEID: parent.groupEID ?? null,
    timelineKey: null,
    timelineAt: parent.timelineAt,
    task: { kind: 'associated', dueDate: plan.dueDate, groupEIDs: [groupEID], parentEID: String(parent._id) },
  });
  const members = (await groupMemberEIDs(deps.rpc, caller, groupEID, TASK_ASSIGNMENTS_MAX)).slice(
    0,
    TASK_ASSIGNMENTS_MAX,
  );
  const rows = assignmentRows(caller.networkEID, String(child._id), plan.dueDate, members);
  if (rows.length > 0) await deps.models.TaskAssignment.insertMany(rows);
  return {
    task: { type: 'task' as const, EID: String(child._id) },
    group: { type: 'group' as const, EID: groupEID },
    assignees: members.map(userRef),
  };
}

/** After a task was created: its assignments or children, then `task.created` with the assignees. */
export async function recordTaskPosted(
  deps: WriteDeps<TaskStore>,
  caller: Caller,
  message: MessageDoc,
  plan: TaskPlan | null,
): Promise<void> {
  if (plan === null) return;
  const taskEID = String(message._id);
  const rows = assignmentRows(caller.networkEID, taskEID, plan.dueDate, plan.assignments);
  if (rows.length > 0) await deps.models.TaskAssignment.insertMany(rows);
  const children: Awaited<ReturnType<typeof createChild>>[] = [];
  if (plan.kind === 'shared' && plan.groupEIDs.length > 1) {
    for (const groupEID of plan.groupEIDs)
      children.push(await createChild(deps, caller, message, plan, groupEID));
  }
  await deps.outbox.record('messaging.task.created', {
    networkEID: caller.networkEID,
    actor: userRef(caller.profileEID),
    audience: messageAudience(message),
    data: {
      task: messageSummary(message),
      kind: plan.kind,
      dueDate: plan.dueDate ? toTimestamp(plan.dueDate) : null,
      assignees: [...plan.assignments.keys()].map(userRef),
      groups: plan.groupEIDs.map((EID) => ({ type: 'group' as const, EID })),
      /** A shared task of several groups: each child task with its group and assignees. */
      children,
    },
  });
}
