/**
 * Routes of tasks (spec: "Tasks and polls"): completing and reopening a task (message
 * actions), the caller's tasks, a task's recipients (the spec's singular `network`) and progress.
 * Decisions: docs/decisions.md, "Messaging: tasks".
 */
import { PaginationQuery } from '../core/pagination.js';
import { route, type RouteDefinition } from '../core/route-definition.js';
import { NetworkParams } from '../core/schemas.js';
import { messageAction, messageRouteCommon } from '../messages/message-route-parts.js';
import { MessageCollection } from '../messages/resources.js';
import {
  TaskParams,
  TaskProgressCollection,
  TaskProgressQuery,
  TaskRecipientCollection,
  TasksListQuery,
} from './resources.js';

const common = { ...messageRouteCommon, tag: 'Tasks' } as const;

export const tasksRoutes = [
  {
    ...messageAction(
      'task.complete',
      'complete',
      'Complete a task (an assignee; split: the caller’s own assignment; a group task: a member of the group)',
    ),
    tag: 'Tasks',
  },
  {
    ...messageAction('task.reopen', 'reopen', 'Reopen a completed task (whoever may complete it)'),
    tag: 'Tasks',
  },
  route({
    ...common,
    id: 'tasks.list',
    method: 'GET',
    path: '/networks/{networkEID}/tasks/',
    summary:
      'The caller’s tasks, soonest due first (tasks without due date last), with due-date and completion filters',
    params: NetworkParams,
    query: TasksListQuery,
    reply: { status: 200, schema: MessageCollection },
  }),
  route({
    ...common,
    id: 'taskRecipients.list',
    method: 'GET',
    path: '/network/{networkEID}/tasks/{taskEID}/recipients/',
    summary:
      'The recipients of a task: the assignees of a split or individual task, the groups of a shared or associated one',
    params: TaskParams,
    query: PaginationQuery,
    reply: { status: 200, schema: TaskRecipientCollection },
  }),
  route({
    ...common,
    id: 'taskProgress.list',
    method: 'GET',
    path: '/networks/{networkEID}/tasks/{taskEID}/progress/',
    summary:
      'The progress of a task (permission VIEW_TASK): split → assignees by fullName; shared with several groups → child tasks by group name, then createdAt; associated → 404',
    params: TaskParams,
    query: TaskProgressQuery,
    reply: { status: 200, schema: TaskProgressCollection },
  }),
] as const satisfies readonly RouteDefinition[];
