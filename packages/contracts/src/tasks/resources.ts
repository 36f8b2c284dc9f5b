/**
 * Tasks (spec: "Tasks and polls"): the query of the caller's tasks, the recipients of a
 * task and its progress. The task fields of the message resource live in messages/task-fields.ts.
 * Choices where the spec is silent: docs/decisions.md, "Messaging: tasks".
 */
import { Type } from '@sinclair/typebox';
import { PageLimit, PageOffset, PaginationQuery, queryNumberBounds } from '../core/pagination.js';
import {
  Eid,
  halCollection,
  HalEmbedded,
  HalLinks,
  Nullable,
  strictObject,
  Timestamp,
} from '../core/schemas.js';
import { Text } from '../core/text-hygiene.js';
import { MessageResource } from '../messages/resources.js';

const offsetOf = (description: string) =>
  Type.Optional(Type.Integer({ minimum: 0, maximum: queryNumberBounds.offset, description }));

/** Query of `GET /networks/{networkEID}/tasks/`. */
export const TasksListQuery = Type.Object({
  limit: Type.Optional(PageLimit),
  offset: Type.Optional(PageOffset),
  'offset[self]': offsetOf('The offset of the list (taken before `offset`).'),
  'offset[messages]': offsetOf(
    'Not supported from 2024.3.0 (400); before, taken as the offset of the list when `offset[self]` is absent.',
  ),
  due_date_from: Type.Optional(
    Type.String({ format: 'date-time', description: 'Tasks due at or after this time' }),
  ),
  due_date_to: Type.Optional(
    Type.String({ format: 'date-time', description: 'Tasks due at or before this time' }),
  ),
  due_date_none: Type.Optional(
    Type.Boolean({
      description:
        'true: tasks without due date only; false: with a due date only. Not with due_date_from/to',
    }),
  ),
  completed: Type.Optional(
    Type.Boolean({ description: 'Only (un)completed tasks (the caller’s assignment)' }),
  ),
});

/** Query of `GET /networks/{networkEID}/tasks/{taskEID}/progress/`. */
export const TaskProgressQuery = Type.Object({
  ...PaginationQuery.properties,
  completed: Type.Optional(Type.Boolean({ description: 'Only done (true) or open (false) assignments' })),
  q: Type.Optional(
    Text({
      minLength: 1,
      maxLength: 100,
      description: 'split: people whose names start with the words of q; shared: groups whose name does',
    }),
  ),
  /** split only: the assignees that came with this addressed group. */
  groupEID: Type.Optional(Eid),
});

export const TaskParams = strictObject({ networkEID: Eid, taskEID: Eid });

/** A person or group a task is addressed to. */
export const TaskRecipientResource = Type.Object(
  {
    type: Type.Union([Type.Literal('user'), Type.Literal('group')]),
    EID: Eid,
    _links: HalLinks,
    _embedded: HalEmbedded,
  },
  { description: 'A recipient of a task: a person (individual, split) or a group (shared, associated).' },
);
export const TaskRecipientCollection = halCollection(
  'recipients',
  TaskRecipientResource,
  'The recipients of a task, one page.',
);

/** One assignee of a split task: the user resource with the state of their assignment. */
export const TaskProgressUser = Type.Object(
  {
    type: Type.Literal('user'),
    EID: Eid,
    fullName: Type.String(),
    assignment: Type.Object({ completed: Type.Boolean(), completedAt: Nullable(Timestamp) }),
    _links: HalLinks,
    _embedded: HalEmbedded,
  },
  { description: 'An assignee of a split task (the user as `embed` gives it) and their assignment' },
);

/** The progress of a task: split → `users`, shared with several groups → `messages`, else empty. */
export const TaskProgressCollection = Type.Object(
  {
    type: Type.Literal('collection'),
    total: Type.Integer({ minimum: 0, description: 'read-only: number of items in the whole collection' }),
    limit: Type.Integer({ minimum: 1 }),
    offset: Type.Integer({ minimum: 0 }),
    _links: HalLinks,
    _embedded: Type.Object({
      users: Type.Optional(Type.Array(TaskProgressUser)),
      messages: Type.Optional(Type.Array(MessageResource)),
    }),
  },
  {
    description:
      'split: assignees by fullName under `users`; shared with several groups: child tasks by group name then createdAt under `messages`; otherwise empty',
  },
);
