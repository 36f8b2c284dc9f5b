/**
 * Message type `task`: the `task` object of the create body (who it is
 * assigned to, its due date) and the read-only `task` object of the message resource (its kind,
 * completion and the parent's counts). Spread into `MessageResource` and `MessageCreateBody`
 * (resources.ts). Rules where the spec is silent: docs/decisions.md, "Messaging: tasks".
 */
import { Type } from '@sinclair/typebox';
import { Nullable, Ref, RequestTimestamp, Timestamp } from '../core/schemas.js';

/** The message type of this concern. */
export const taskMessageTypes = ['task'] as const;

/** The four kinds of task, following from how a task was addressed. */
export const taskKinds = ['individual', 'split', 'shared', 'associated'] as const;
export type TaskKind = (typeof taskKinds)[number];

/** Most people named in `task.assignees`. */
export const TASK_ASSIGNEES_MAX_ITEMS = 100;
/** Most groups named in `task.groups`. */
export const TASK_GROUPS_MAX_ITEMS = 20;
/** Most assignments of one split task (people named plus the members of the groups named). */
export const TASK_ASSIGNMENTS_MAX = 1000;

/** `task` of the create body (required for `type: 'task'`, refused for other types). */
export const TaskCreateObject = Type.Object(
  {
    assignees: Type.Optional(
      Type.Array(Ref('user'), {
        minItems: 1,
        maxItems: TASK_ASSIGNEES_MAX_ITEMS,
        description: 'The people the task is assigned to (active members of the network, and of its group)',
      }),
    ),
    groups: Type.Optional(
      Type.Array(Ref('group'), {
        minItems: 1,
        maxItems: TASK_GROUPS_MAX_ITEMS,
        description: 'The groups the task is addressed to (each needs the caller’s `post_message`)',
      }),
    ),
    split: Type.Optional(
      Type.Boolean({
        description:
          'true: one assignment per person (of `assignees` and of the members of `groups`), kind `split`; default: `individual` for one person, `split` for several, `shared` for groups',
      }),
    ),
    dueDate: Type.Optional(Nullable(RequestTimestamp)),
  },
  { additionalProperties: false, description: 'type `task` only (required there): whom it is assigned to' },
);

export const TaskCreateFields = {
  task: Type.Optional(TaskCreateObject),
};

/** The read-only `task` object of a task message. */
export const TaskObject = Type.Object(
  {
    kind: Type.Union(
      taskKinds.map((k) => Type.Literal(k)),
      {
        description:
          '`individual` (one person), `split` (one assignment per person), `shared` (groups; one child task per group when several), `associated` (a child of a shared task)',
      },
    ),
    dueDate: Nullable(Timestamp),
    completed: Type.Boolean({
      description:
        'individual, shared, associated: done; split: every assignment done; shared parent: every child',
    }),
    completedAt: Nullable(Timestamp),
    completedBy: Nullable(Ref('user')),
    numAssignees: Type.Integer({
      minimum: 0,
      description: 'split: the assignments; shared: the groups (child tasks); individual, associated: 1',
    }),
    numCompleted: Type.Integer({ minimum: 0, description: 'how many of `numAssignees` are done' }),
    assignees: Type.Array(Ref('user'), {
      description:
        'individual: the assignee; split: the people named when it was posted (everyone assigned: `recipients`); shared, associated: empty',
    }),
    groups: Type.Array(Ref('group'), {
      description: 'shared and split: the addressed groups; associated: its group; individual: empty',
    }),
    _user: Type.Object(
      {
        assigned: Type.Boolean({ description: 'whether the caller has an assignment of this task' }),
        completed: Type.Boolean({ description: 'whether the caller’s own assignment is done' }),
      },
      { description: 'The caller’s own assignment' },
    ),
  },
  { description: 'read-only: a task’s kind, due date and completion' },
);

export const TaskResourceFields = {
  task: Type.Optional(TaskObject),
};
