/**
 * The progress and the recipients of a task (spec: "Tasks and polls"). Progress needs
 * `VIEW_TASK` and is served per kind, in the server's fixed order: split → the assignees by
 * `fullName` (auth sorts and filters the bounded set by name, `profileNamePage`), under `users`;
 * shared with several groups → the child tasks by group name then `createdAt`, under `messages`;
 * single-group shared and individual → empty; associated → 404.
 */
import {
  DomainError,
  internalSubjects,
  TASK_ASSIGNMENTS_MAX,
  TASK_GROUPS_MAX_ITEMS,
  type PlainCollection,
  toTimestamp,
} from '@ncs/contracts';
import { collectionOf, pageOf, pageOfItems, type RequestOf, type RpcClient } from '@ncs/service-kit';
import type { Caller } from '../messages/access.js';
import type { MessageDoc } from '../messages/models.js';
import { presentMessages } from '../messages/presentation.js';
import { findReadableTask } from './completion.js';
import type { AssignmentDoc } from './models.js';
import { byGroupNameThenCreated, holdsViewTask, nameStartsWithWords } from './rules.js';
import type { TaskStore } from './models.js';

type ProgressQuery = RequestOf<'taskProgress.list'>['query'];
const USERS = { itemType: 'user', rel: 'users' } as const;
const MESSAGES = { itemType: 'message', rel: 'messages' } as const;

/** split: the assignees by fullName, each with their assignment. */
async function splitProgress(
  models: TaskStore,
  rpc: RpcClient,
  caller: Caller,
  task: MessageDoc,
  query: ProgressQuery,
) {
  const rows = await models.TaskAssignment.find(
    {
      networkEID: caller.networkEID,
      taskEID: String(task._id),
      ...(query.completed !== undefined ? { completed: query.completed } : {}),
      ...(query.groupEID !== undefined ? { viaGroupEIDs: query.groupEID } : {}),
    },
    { profileEID: 1, completed: 1, completedAt: 1 },
  )
    .limit(TASK_ASSIGNMENTS_MAX)
    .lean<Pick<AssignmentDoc, 'profileEID' | 'completed' | 'completedAt'>[]>();
  const page = { limit: query.limit, offset: query.offset };
  if (rows.length === 0) return collectionOf(USERS, page, 0, []);
  const byEID = new Map(rows.map((row) => [row.profileEID, row]));
  const named = await rpc.request(internalSubjects.profileNamePage, {
    ctx: caller.ctx,
    body: { EIDs: [...byEID.keys()], q: query.q ?? null, limit: page.limit, offset: page.offset },
  });
  const items = named.items.map((user) => {
    const row = byEID.get(user.EID);
    return {
      ...user,
      type: 'user',
      assignment: {
        completed: row?.completed ?? false,
        completedAt: row?.completedAt ? toTimestamp(row.completedAt) : null,
      },
    };
  });
  return collectionOf(USERS, page, named.total, items);
}

/** shared with several groups: the child tasks by recipient group name, then creation. */
async function sharedProgress(
  models: TaskStore,
  rpc: RpcClient,
  caller: Caller,
  task: MessageDoc,
  query: ProgressQuery,
) {
  const children = await models.Message.find({
    networkEID: caller.networkEID,
    'task.parentEID': String(task._id),
    removedAt: null,
    ...(query.completed !== undefined ? { 'task.completed': query.completed } : {}),
  })
    .limit(TASK_GROUPS_MAX_ITEMS)
    .lean<MessageDoc[]>();
  const groupEIDs = children.map((child) => child.task?.groupEIDs[0] ?? '');
  const groups = await rpc.request(internalSubjects.groupsBatch, {
    ctx: caller.ctx,
    body: { EIDs: [...new Set(groupEIDs)] },
  });
  const names = new Map(groups.map((group) => [group.EID, group.name ?? '']));
  const sorted = children
    .map((child, i) => ({
      child,
      groupName: names.get(groupEIDs[i]!) ?? '',
      created: child.created,
      EID: String(child._id),
    }))
    .filter((entry) => nameStartsWithWords(entry.groupName, query.q))
    .sort(byGroupNameThenCreated);
  const page = { limit: query.limit, offset: query.offset };
  const pageDocs = sorted.slice(page.offset, page.offset + page.limit).map((entry) => entry.child);
  return collectionOf(MESSAGES, page, sorted.length, await presentMessages(models, caller, pageDocs));
}

export async function taskProgress(
  models: TaskStore,
  rpc: RpcClient,
  caller: Caller,
  taskEID: string,
  query: ProgressQuery,
): Promise<PlainCollection> {
  const { message: task, access } = await findReadableTask({ models, rpc }, caller, taskEID);
  const stored = task.task!;
  if (stored.kind === 'associated') throw new DomainError('TASKS_ERR_NO_PROGRESS');
  if (!holdsViewTask(task, caller.profileEID, access)) throw new DomainError('TASKS_ERR_VIEW_TASK_FORBIDDEN');
  if (query.groupEID !== undefined && stored.kind !== 'split') {
    throw new DomainError('TASKS_ERR_GROUP_FILTER_NOT_SPLIT', undefined, [
      { pointer: '/query/groupEID', message: 'is taken for split tasks only' },
    ]);
  }
  if (stored.kind === 'split') return splitProgress(models, rpc, caller, task, query);
  if (stored.kind === 'shared' && stored.groupEIDs.length > 1) {
    return sharedProgress(models, rpc, caller, task, query);
  }
  const shape = stored.kind === 'individual' ? USERS : MESSAGES;
  return collectionOf(shape, { limit: query.limit, offset: query.offset }, 0, []);
}

/**
 * The recipients of a task (any reader of it): a split task's assignees by EID; an individual
 * task's assignee; the addressed groups of a shared task; an associated task's group.
 */
export async function taskRecipients(
  models: TaskStore,
  rpc: RpcClient,
  caller: Caller,
  taskEID: string,
  page: { readonly limit: number; readonly offset: number },
): Promise<PlainCollection> {
  const { message: task } = await findReadableTask({ models, rpc }, caller, taskEID);
  const stored = task.task!;
  const shape = { itemType: 'recipient', rel: 'recipients' };
  if (stored.kind === 'split') {
    return pageOf(
      models.TaskAssignment,
      { filter: { networkEID: caller.networkEID, taskEID }, sort: { profileEID: 1 } },
      page,
      shape,
      (rows: AssignmentDoc[]) => rows.map((row) => ({ type: 'user', EID: row.profileEID })),
    );
  }
  const refs =
    stored.kind === 'individual'
      ? stored.assigneeEIDs.map((EID) => ({ type: 'user', EID }))
      : stored.groupEIDs.map((EID) => ({ type: 'group', EID }));
  return pageOfItems(shape, page, refs);
}
