/**
 * A group's open tasks reach the people who join it later (noticed at its close): a
 * durable JetStream consumer (`messaging-task-joiners`, shared by every messaging instance) of
 * auth's group `membership.added` and `membership.accepted` assigns the new member the group's own
 * open tasks: a `shared` task addressed to that one group, and the `associated` child of a task
 * shared with several groups. A `split` task keeps the people it was posted to (each completes
 * their own part, its `numAssignees` is fixed at posting). The unique assignment per person and
 * task makes a redelivered event assign nothing more. Decisions: docs/decisions.md, "Messaging: tasks".
 */
import type { CatalogueEvent } from '@ncs/contracts';
import { startEventConsumer, type EventConsumer, type ServiceRuntime } from '@ncs/service-kit';
import { Types } from 'mongoose';
import type { MessageDoc } from '../messages/models.js';
import { NO_DUE_DATE_SORT } from './models.js';
import type { TaskStore } from './models.js';

export const TASK_JOINERS_DURABLE = 'messaging-task-joiners';
const JOINED = ['auth.membership.added', 'auth.membership.accepted'] as const;
/** A group membership that became active: added, or an invitation accepted. */
export type JoinedEvent = CatalogueEvent<(typeof JOINED)[number]>;

/** Open tasks of one group assigned to a joiner at most (the oldest are left to the group's others). */
export const JOINER_TASKS_MAX = 1000;

/** The group and the person of an active group membership event, if it is one. */
export function joinerOf(event: JoinedEvent): { groupEID: string; profileEID: string } | null {
  const { group, user, state } = event.data;
  return state === 'active' ? { groupEID: group.EID, profileEID: user.EID } : null;
}

/** Whether a task of the group is the group's own: shared with it alone, or its child of a wider share. */
export function isGroupOwnTask(task: Pick<NonNullable<MessageDoc['task']>, 'kind' | 'groupEIDs'>): boolean {
  return (task.kind === 'shared' || task.kind === 'associated') && task.groupEIDs.length === 1;
}

export async function assignJoiner(models: TaskStore, event: JoinedEvent): Promise<number> {
  const joiner = joinerOf(event);
  if (event.networkEID === undefined || joiner === null) return 0;
  const tasks = await models.Message.find(
    {
      networkEID: event.networkEID,
      'task.groupEIDs': joiner.groupEID,
      'task.completed': false,
      type: 'task',
      removedAt: null,
    },
    { task: 1 },
  )
    .sort({ _id: -1 })
    .limit(JOINER_TASKS_MAX)
    .lean<MessageDoc[]>();
  const rows = tasks
    .filter((doc) => doc.task && isGroupOwnTask(doc.task))
    .map((doc) => ({
      networkEID: event.networkEID,
      taskEID: String(doc._id),
      profileEID: joiner.profileEID,
      viaGroupEIDs: [joiner.groupEID],
      dueDate: doc.task?.dueDate ?? null,
      dueSort: doc.task?.dueDate ?? NO_DUE_DATE_SORT,
    }));
  if (rows.length === 0) return 0;
  // Upserts on the unique (task, person): a redelivered event, or a member who left and came back
  // with the assignment still there, changes nothing (a completed part stays completed).
  // Each row's `_id` made here, oldest task first: tasks without a due date are listed by `_id`,
  // and a store may make upserted ids in any order.
  const ids = rows.map(() => new Types.ObjectId()).reverse();
  await models.TaskAssignment.bulkWrite(
    rows.map((row, index) => ({
      updateOne: {
        filter: { networkEID: row.networkEID, taskEID: row.taskEID, profileEID: row.profileEID },
        update: { $setOnInsert: { _id: ids[index], ...row } },
        upsert: true,
      },
    })),
    { ordered: false },
  );
  return rows.length;
}

export function startTaskJoinersConsumer(runtime: ServiceRuntime, models: TaskStore): EventConsumer {
  return startEventConsumer({
    nats: runtime.nats,
    connection: runtime.db,
    durable: TASK_JOINERS_DURABLE,
    events: JOINED,
    logger: runtime.logger,
    handle: async (event) => {
      await assignJoiner(models, event);
    },
  });
}
