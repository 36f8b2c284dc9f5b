/**
 * The rules of tasks as plain functions (unit-tested in rules.test.ts): the kind a task takes
 * from how it was addressed, who holds `VIEW_TASK`, the filter and offset of the caller's tasks
 * list (gate 2024.3.0), and the order of a shared task's children. Decisions: docs/decisions.md,
 * "Messaging: tasks".
 */
import { DomainError, isGateOpen, type CallerGroupAccess, type TaskKind } from '@ncs/contracts';
import type { RequestOf } from '@ncs/service-kit';
import { visibleGroup } from '../messages/rules.js';

export interface TaskAddressing {
  readonly assignees?: readonly { readonly EID: string }[] | undefined;
  readonly groups?: readonly { readonly EID: string }[] | undefined;
  readonly split?: boolean | undefined;
}

const requiredProblem = (pointer: string, message: string) =>
  new DomainError('TASKS_ERR_ASSIGNEES_REQUIRED', undefined, [{ pointer, message }]);

/**
 * The kind of a new task: one person → `individual`; several people, or `split: true` → `split`
 * (one assignment per person, the members of `groups` too); groups only → `shared`. People and
 * groups together need `split: true`; nobody is a 400 naming `/body/task/assignees`.
 */
export function kindOf(task: TaskAddressing): Exclude<TaskKind, 'associated'> {
  const people = task.assignees?.length ?? 0;
  const groups = task.groups?.length ?? 0;
  if (people === 0 && groups === 0) throw requiredProblem('/body/task/assignees', 'names nobody');
  if (task.split === true) return 'split';
  if (groups > 0 && people > 0) {
    throw requiredProblem('/body/task/split', 'must be true to assign people and groups together');
  }
  if (groups > 0) return 'shared';
  return people === 1 ? 'individual' : 'split';
}

/**
 * `VIEW_TASK` on a task: its author, network administrators, and the administrators of the group
 * it is posted to (who hold `edit_group` there).
 */
export function holdsViewTask(
  task: { readonly authorEID: string; readonly groupEID?: string | null },
  profileEID: string,
  access: CallerGroupAccess,
): boolean {
  if (task.authorEID === profileEID || access.networkAdmin) return true;
  const groupEID = task.groupEID ?? null;
  return groupEID !== null && (visibleGroup(access, groupEID)?.permissions.includes('edit_group') ?? false);
}

type ListQuery = RequestOf<'tasks.list'>['query'];

/**
 * The offset of the caller's tasks list: `offset[self]`, else `offset`. `offset[messages]` is a
 * 400 naming it from 2024.3.0; before, it is taken as the list's offset when neither `offset[self]`
 * nor a nonzero `offset` is given (offsets were carried over then; gate
 * `tasks.offsetMessagesUnsupported`). The page links state `offset` (and drop `offset[self]`).
 */
export function listOffsetOf(query: ListQuery, version: string): number {
  const messagesOffset = query['offset[messages]'];
  if (messagesOffset !== undefined && isGateOpen('tasks.offsetMessagesUnsupported', version)) {
    throw new DomainError('TASKS_ERR_OFFSET_MESSAGES_UNSUPPORTED', undefined, [
      { pointer: '/query/offset[messages]', message: 'is not supported for tasks from 2024.3.0' },
    ]);
  }
  return query['offset[self]'] ?? (query.offset > 0 ? query.offset : (messagesOffset ?? 0));
}

/** The due-date part of the list filter: `due_date_none` alone, or a range (from ≤ to, else -38). */
export function dueDateFilterOf(query: ListQuery): Record<string, unknown> {
  const { due_date_from: from, due_date_to: to, due_date_none: none } = query;
  if (none !== undefined && (from !== undefined || to !== undefined)) {
    throw new DomainError('TASKS_ERR_DUE_DATE_NONE_COMBINED', undefined, [
      { pointer: '/query/due_date_none', message: 'cannot be combined with due_date_from or due_date_to' },
      {
        pointer: from !== undefined ? '/query/due_date_from' : '/query/due_date_to',
        message: 'cannot be combined with due_date_none',
      },
    ]);
  }
  if (none !== undefined) return { dueDate: none ? null : { $ne: null } };
  const range: Record<string, Date> = {};
  if (from !== undefined) range.$gte = new Date(from);
  if (to !== undefined) range.$lte = new Date(to);
  if (range.$gte && range.$lte && range.$gte > range.$lte) {
    throw new DomainError('INVALID_DATE_RANGE', undefined, [
      { pointer: '/query/due_date_from', message: 'is after due_date_to' },
      { pointer: '/query/due_date_to', message: 'is before due_date_from' },
    ]);
  }
  return Object.keys(range).length > 0 ? { dueDate: range } : {};
}

/** Child tasks by recipient group name (case-insensitive), then creation, then EID. */
export function byGroupNameThenCreated<
  T extends { readonly groupName: string; readonly created: Date; readonly EID: string },
>(a: T, b: T): number {
  const byName = a.groupName.toLocaleLowerCase('en').localeCompare(b.groupName.toLocaleLowerCase('en'), 'en');
  if (byName !== 0) return byName;
  const byCreated = a.created.getTime() - b.created.getTime();
  if (byCreated !== 0) return byCreated;
  return a.EID < b.EID ? -1 : a.EID > b.EID ? 1 : 0;
}

/** Whether every word of `q` starts a word of `name` (lowercase letters and digits). */
export function nameStartsWithWords(name: string, q: string | undefined): boolean {
  if (q === undefined) return true;
  const wordsOf = (text: string) =>
    text
      .toLowerCase()
      .normalize('NFC')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const nameWords = wordsOf(name);
  return wordsOf(q).every((word) => nameWords.some((nameWord) => nameWord.startsWith(word)));
}
