/**
 * `GET /networks/{networkEID}/tasks/`: the caller's tasks (their assignments), soonest due first,
 * tasks without due date last (`dueSort`), filtered by due date and completion; served by the
 * index `{networkEID, profileEID, completed, dueSort, _id}`. Gate 2024.3.0 for `offset[messages]`.
 */
import type { PlainCollection } from '@ncs/contracts';
import { pageOf, type RequestOf, type RpcClient } from '@ncs/service-kit';
import { accessOf, type Caller } from '../messages/access.js';
import type { MessageDoc } from '../messages/models.js';
import { presentMessages } from '../messages/presentation.js';
import type { AssignmentDoc } from './models.js';
import { dueDateFilterOf, listOffsetOf } from './rules.js';
import type { TaskStore } from './models.js';

export async function listTasks(
  models: TaskStore,
  rpc: RpcClient,
  caller: Caller,
  query: RequestOf<'tasks.list'>['query'],
): Promise<PlainCollection> {
  const page = { limit: query.limit, offset: listOffsetOf(query, caller.ctx.version) };
  const dueDate = dueDateFilterOf(query);
  // Asked even without groups: a member suspended a moment ago is refused at once (404, by auth).
  await accessOf(rpc, caller, []);
  return pageOf(
    models.TaskAssignment,
    {
      filter: {
        networkEID: caller.networkEID,
        profileEID: caller.profileEID,
        ...(query.completed !== undefined ? { completed: query.completed } : {}),
        ...dueDate,
      },
      sort: { dueSort: 1, _id: 1 },
    },
    page,
    { itemType: 'message', rel: 'messages' },
    async (rows: AssignmentDoc[]) => {
      const tasks = await models.Message.find({
        networkEID: caller.networkEID,
        _id: { $in: rows.map((row) => row.taskEID) },
        removedAt: null,
      }).lean<MessageDoc[]>();
      const byEID = new Map(tasks.map((task) => [String(task._id), task]));
      const inOrder = rows.flatMap((row) => {
        const task = byEID.get(row.taskEID);
        return task ? [task] : [];
      });
      return presentMessages(models, caller, inOrder);
    },
  );
}
