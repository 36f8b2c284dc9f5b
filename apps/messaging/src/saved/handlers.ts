/** Saved items: handlers of the save/unsave actions and of the caller's list (contracts `savedRoutes`). */
import { internalSubjects, savedRoutes } from '@ncs/contracts';
import {
  defineHandlers,
  internalHandler,
  internalHandlerMap,
  withStatus,
  type RpcHandler,
} from '@ncs/service-kit';
import { callerOf } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import type { SavedStore } from './models.js';
import {
  getSavedItem,
  listSavedItems,
  removeSavedItem,
  saveMessage,
  savedOf,
  savePage,
  unsaveMessage,
  unsavePage,
} from './saved.js';

export const savedHandlers = defineHandlers<WriteDeps<SavedStore>>()(savedRoutes, {
  'message.save': ({ ctx, params }, deps) => saveMessage(deps, callerOf(ctx), params.messageEID),
  'message.unsave': ({ ctx, params }, deps) => unsaveMessage(deps, callerOf(ctx), params.messageEID),
  'kbPage.save': ({ ctx, params }, deps) => savePage(deps, callerOf(ctx), params.pageEID),
  'kbPage.unsave': ({ ctx, params }, deps) => unsavePage(deps, callerOf(ctx), params.pageEID),
  'savedItem.list': ({ ctx, query }, { models, rpc }) =>
    listSavedItems(models, rpc, callerOf(ctx), { limit: query.limit, offset: query.offset }),
  'savedItem.get': ({ ctx, params }, { models, rpc }) =>
    getSavedItem(models, rpc, callerOf(ctx), params.savedItemEID),
  'savedItem.remove': async ({ ctx, params }, { models }) => {
    await removeSavedItem(models, callerOf(ctx), params.savedItemEID);
    return withStatus(204, null);
  },
});

/** The knowledge base's question for its pages' `save`/`unsave`: which of them the caller saved. */
export function savedInternalHandlers(models: SavedStore): Record<string, RpcHandler> {
  return internalHandlerMap([
    internalHandler(internalSubjects.savedOfCaller, async ({ ctx, body }) => {
      const profileEID = ctx.principal?.profileEID;
      if (!ctx.networkEID || !profileEID) return { saved: [] };
      return { saved: await savedOf(models, { networkEID: ctx.networkEID, profileEID, ctx }, body.EIDs) };
    }),
  ]);
}
