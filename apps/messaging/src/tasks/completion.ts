/**
 * Completing and reopening a task, by conditional updates of one document each: a
 * person's assignment (split) or the task itself flips only from the opposite state (`updateOne`
 * stating it). A parent keeps no counter of its own: its `numCompleted` and `completed` are read
 * from its parts when it is shown (presentation.ts), so concurrent completions can never leave
 * them wrong (FerretDB 1.24 applies `$inc` as a read and a write). Each flip records
 * `events.messaging.task.completed` / `.reopened`.
 */
import { DomainError, type CallerGroupAccess } from '@ncs/contracts';
import type { Caller } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import type { MessageDoc } from '../messages/models.js';
import { messageSummary, userRef } from '../messages/presentation.js';
import { findReadableMessage } from '../messages/reading.js';
import { reread } from '../messages/writing.js';
import { visibleGroup } from '../messages/rules.js';
import { messageAudience } from '../messages/audience.js';
import type { TaskStore } from './models.js';

type Verb = 'completed' | 'reopened';

/** Flips the caller's own assignment of a split task; true when it changed. */
async function flipAssignment(
  deps: WriteDeps<TaskStore>,
  caller: Caller,
  task: MessageDoc,
  verb: Verb,
  now: Date,
) {
  const done = verb === 'completed';
  const flipped = await deps.models.TaskAssignment.updateOne(
    {
      networkEID: caller.networkEID,
      taskEID: String(task._id),
      profileEID: caller.profileEID,
      completed: !done,
    },
    { $set: { completed: done, completedAt: done ? now : null } },
  );
  return flipped.modifiedCount > 0;
}

/** Flips a task completed as a whole (individual, shared, associated); true when it changed. */
async function flipTask(deps: WriteDeps<TaskStore>, caller: Caller, task: MessageDoc, verb: Verb, now: Date) {
  const done = verb === 'completed';
  const flipped = await deps.models.Message.updateOne(
    { _id: task._id, networkEID: caller.networkEID, 'task.completed': !done },
    {
      $set: {
        'task.completed': done,
        'task.completedAt': done ? now : null,
        'task.completedBy': done ? caller.profileEID : null,
      },
    },
  );
  if (flipped.modifiedCount === 0) return false;
  // The people's lists (`completed` filter) follow the task.
  await deps.models.TaskAssignment.updateMany(
    { networkEID: caller.networkEID, taskEID: String(task._id) },
    { $set: { completed: done, completedAt: done ? now : null } },
  );
  return true;
}

/**
 * Whether the caller may complete the task: the assignee (individual), a person with an
 * assignment (split), an active member of the task's group (shared to one group, associated).
 */
async function requireCompleter(
  deps: WriteDeps<TaskStore>,
  caller: Caller,
  task: MessageDoc,
  access: CallerGroupAccess,
): Promise<void> {
  const stored = task.task!;
  if (stored.kind === 'shared' && stored.groupEIDs.length > 1) {
    throw new DomainError('TASKS_ERR_COMPLETED_THROUGH_CHILDREN');
  }
  let allowed: boolean;
  if (stored.kind === 'individual') allowed = stored.assigneeEIDs.includes(caller.profileEID);
  else if (stored.kind === 'split') {
    allowed =
      (await deps.models.TaskAssignment.exists({
        networkEID: caller.networkEID,
        taskEID: String(task._id),
        profileEID: caller.profileEID,
      })) !== null;
  } else {
    const groupEID = stored.groupEIDs[0]!;
    allowed = visibleGroup(access, groupEID)?.member ?? false;
  }
  if (!allowed) throw new DomainError('TASKS_ERR_NOT_ASSIGNEE');
}

/** A task the caller may read (else 404 -300); another message type is 404 -354. */
export async function findReadableTask(
  deps: Pick<WriteDeps<TaskStore>, 'models' | 'rpc'>,
  caller: Caller,
  taskEID: string,
) {
  // A shared task's group too: completing one asks whether the caller is its member.
  const found = await findReadableMessage(deps.models, deps.rpc, caller, taskEID, (message) =>
    message.task?.kind === 'shared' || message.task?.kind === 'associated'
      ? message.task.groupEIDs.slice(0, 1)
      : [],
  );
  if (found.message.type !== 'task' || !found.message.task) throw new DomainError('TASKS_ERR_TASK_NOT_FOUND');
  return found;
}

/** Completes or reopens a task for the caller; doing it again changes nothing (no second event). */
export async function setTaskCompleted(
  deps: WriteDeps<TaskStore>,
  caller: Caller,
  taskEID: string,
  verb: Verb,
) {
  const { message: task, access } = await findReadableTask(deps, caller, taskEID);
  await requireCompleter(deps, caller, task, access);
  const now = new Date();
  const changed =
    task.task!.kind === 'split'
      ? await flipAssignment(deps, caller, task, verb, now)
      : await flipTask(deps, caller, task, verb, now);
  if (changed) {
    await deps.outbox.record(`messaging.task.${verb}`, {
      networkEID: caller.networkEID,
      actor: userRef(caller.profileEID),
      audience: messageAudience(task),
      data: {
        task: messageSummary(task),
        kind: task.task!.kind,
        assignee: userRef(caller.profileEID),
        ...(task.task!.parentEID ? { parent: { type: 'task', EID: task.task!.parentEID } } : {}),
      },
    });
  }
  return reread(deps.models, caller, task);
}
