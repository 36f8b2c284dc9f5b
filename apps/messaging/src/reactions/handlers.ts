/** Emoji reactions: handlers of the `…/messages/{messageEID}/reactions/` routes (contracts `reactionRoutes`). */
import { reactionRoutes } from '@ncs/contracts';
import { defineHandlers } from '@ncs/service-kit';
import { callerOf } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import type { ReactionStore } from './models.js';
import { addReaction, listReactions, removeReaction } from './reactions.js';

export const reactionHandlers = defineHandlers<WriteDeps<ReactionStore>>()(reactionRoutes, {
  'reaction.list': ({ ctx, params, query }, { models, rpc }) =>
    listReactions(models, rpc, callerOf(ctx), params.messageEID, query, {
      limit: query.limit,
      offset: query.offset,
    }),
  'reaction.add': ({ ctx, params, body }, deps) =>
    addReaction(deps, callerOf(ctx), params.messageEID, body.emoji),
  'reaction.remove': ({ ctx, params }, deps) =>
    removeReaction(deps, callerOf(ctx), params.messageEID, params.emoji),
});
