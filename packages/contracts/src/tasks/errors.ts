/**
 * Errors of tasks: codes -350 … -364. Spread into the catalogue (errors.ts);
 * docs/errors.md lists them in the same order. An inverted due-date range is the shared
 * `INVALID_DATE_RANGE` (-38, core/errors.ts).
 */
import type { ErrorDefinition } from '../core/errors.js';

export const tasksErrors = {
  TASKS_ERR_ASSIGNEES_REQUIRED: {
    status: 400,
    code: -350,
    title: 'Bad Request',
    message: 'A task names its assignees: people, groups, or both with split.',
  },
  TASKS_ERR_ASSIGNEE_NOT_MEMBER: {
    status: 400,
    code: -351,
    title: 'Bad Request',
    message: 'An assignee is not an active member of the network (or of the group the task is posted to).',
  },
  TASKS_ERR_GROUP_NOT_ADDRESSABLE: {
    status: 403,
    code: -352,
    title: 'Forbidden',
    message: 'Addressing a task to a group needs the group permission post_message.',
  },
  TASKS_ERR_TOO_MANY_ASSIGNEES: {
    status: 400,
    code: -353,
    title: 'Bad Request',
    message: 'A split task has at most 1000 assignments.',
  },
  TASKS_ERR_TASK_NOT_FOUND: {
    status: 404,
    code: -354,
    title: 'Not Found',
    message: 'The task does not exist.',
  },
  TASKS_ERR_NOT_ASSIGNEE: {
    status: 403,
    code: -355,
    title: 'Forbidden',
    message: 'Only an assignee completes or reopens a task (a member of the group for a group task).',
  },
  TASKS_ERR_COMPLETED_THROUGH_CHILDREN: {
    status: 409,
    code: -356,
    title: 'Conflict',
    message: 'A task shared with several groups is completed through the child task of each group.',
  },
  TASKS_ERR_DUE_DATE_NONE_COMBINED: {
    status: 400,
    code: -357,
    title: 'Bad Request',
    message: 'due_date_none cannot be combined with due_date_from or due_date_to.',
  },
  TASKS_ERR_OFFSET_MESSAGES_UNSUPPORTED: {
    status: 400,
    code: -358,
    title: 'Bad Request',
    message: 'offset[messages] is not supported for tasks from 2024.3.0: use offset or offset[self].',
  },
  TASKS_ERR_GROUP_FILTER_NOT_SPLIT: {
    status: 400,
    code: -359,
    title: 'Bad Request',
    message: 'groupEID filters the progress of a split task only.',
  },
  TASKS_ERR_VIEW_TASK_FORBIDDEN: {
    status: 403,
    code: -360,
    title: 'Forbidden',
    message:
      'This needs the permission VIEW_TASK (the author, network administrators, group administrators).',
  },
  TASKS_ERR_NO_PROGRESS: {
    status: 404,
    code: -361,
    title: 'Not Found',
    message: 'An associated task has no progress of its own: ask its parent.',
  },
} as const satisfies Record<string, ErrorDefinition>;
