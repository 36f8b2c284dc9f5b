/**
 * The actions a task offers the caller: complete, or reopen once done, to whoever the task is
 * assigned to (an individual task's assignee; a split task's own assignment).
 */
import type { Caller } from '../messages/access.js';
import type { MessageActions } from '../messages/affordances.js';
import type { MessageDoc } from '../messages/models.js';

export function taskActionsOf(
  doc: MessageDoc,
  caller: Caller,
  assignment: { readonly completed: boolean } | undefined,
): MessageActions {
  const task = doc.task;
  if (doc.type !== 'task' || !task) return {};
  let completed: boolean;
  if (task.kind === 'individual' && task.assigneeEIDs.includes(caller.profileEID)) completed = task.completed;
  else if (task.kind === 'split' && assignment !== undefined) completed = assignment.completed;
  else return {};
  return completed ? { reopen: true } : { complete: true };
}
