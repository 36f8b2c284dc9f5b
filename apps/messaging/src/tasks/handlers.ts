/** Handlers of the tasks routes (packages/contracts tasks/routes.ts), by route id. */
import { tasksRoutes } from '@ncs/contracts';
import { defineHandlers } from '@ncs/service-kit';
import { callerOf } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import { setTaskCompleted } from './completion.js';
import { listTasks } from './listing.js';
import { taskProgress, taskRecipients } from './progress.js';
import type { TaskStore } from './models.js';

export const tasksHandlers = defineHandlers<WriteDeps<TaskStore>>()(tasksRoutes, {
  'task.complete': ({ ctx, params }, deps) =>
    setTaskCompleted(deps, callerOf(ctx), params.messageEID, 'completed'),
  'task.reopen': ({ ctx, params }, deps) =>
    setTaskCompleted(deps, callerOf(ctx), params.messageEID, 'reopened'),
  'tasks.list': ({ ctx, query }, { models, rpc }) => listTasks(models, rpc, callerOf(ctx), query),
  'taskRecipients.list': ({ ctx, params, query }, { models, rpc }) =>
    taskRecipients(models, rpc, callerOf(ctx), params.taskEID, query),
  'taskProgress.list': ({ ctx, params, query }, { models, rpc }) =>
    taskProgress(models, rpc, callerOf(ctx), params.taskEID, query),
});
