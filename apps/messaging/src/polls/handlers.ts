/**
 * Polls: handlers of the `/polls/…` routes (contracts `pollsRoutes`) and of the
 * gateway's question `pollNetwork` (the network of a poll, for `networkFrom`).
 */
import { internalSubjects, pollsRoutes } from '@ncs/contracts';
import { defineHandlers, internalHandler, internalHandlerMap, type RpcHandler } from '@ncs/service-kit';
import { callerOf } from '../messages/access.js';
import type { WriteDeps } from '../messages/deps.js';
import { networkOfPoll } from './access.js';
import { reactivatePoll } from './reactivation.js';
import { listVoters } from './voters.js';
import { vote } from './voting.js';
import type { PollStore } from './model.js';

export const pollHandlers = defineHandlers<WriteDeps<PollStore>>()(pollsRoutes, {
  'poll.vote': ({ ctx, params, body }, deps) => vote(deps, callerOf(ctx), params.pollEID, body),
  'poll.reactivate': ({ ctx, params }, deps) => reactivatePoll(deps, callerOf(ctx), params.pollEID),
  'pollVoter.list': ({ ctx, params, query }, { models, rpc }) =>
    listVoters(models, rpc, callerOf(ctx), params.pollEID, params.answerEID, query),
});

/** Internal subjects of polls, by subject. */
export function pollInternalHandlers(models: PollStore): Record<string, RpcHandler> {
  return internalHandlerMap([
    internalHandler(internalSubjects.pollNetwork, ({ body }) => networkOfPoll(models, body.EID)),
  ]);
}
