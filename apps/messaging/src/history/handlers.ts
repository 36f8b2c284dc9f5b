/** Handlers of the edit history route (packages/contracts messages/history-routes.ts), by route id. */
import { historyRoutes } from '@ncs/contracts';
import { defineHandlers } from '@ncs/service-kit';
import { callerOf } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import type { HistoryStore } from './models.js';
import { listMessageHistory } from './reading.js';

export const historyHandlers = defineHandlers<WriteDeps<HistoryStore>>()(historyRoutes, {
  'message.history': ({ ctx, params, query }, { models, rpc }) =>
    listMessageHistory(models, rpc, callerOf(ctx), params.messageEID, query),
});
