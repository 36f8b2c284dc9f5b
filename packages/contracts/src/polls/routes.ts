/**
 * Routes of polls (spec: "Tasks and polls", "States and transitions" Poll row). Their paths name no
 * network: the gateway takes the poll's (`networkFrom`) and scopes the request to it, so tenant and
 * membership are enforced as on `/networks/{networkEID}/…`. Rules: docs/decisions.md, "Messaging: polls".
 */
import { route, type RouteDefinition } from '../core/route-definition.js';
import { pollsInternalSubjects } from './internal-subjects.js';
import { MessageResource } from '../messages/resources.js';
import {
  PollAnswerParams,
  PollParams,
  PollVoteBody,
  PollVoterCollection,
  PollVotersQuery,
} from './resources.js';

const POLL = '/polls/{pollEID}';
const common = {
  service: 'messaging',
  tag: 'Polls',
  scope: 'network',
  format: 'hal',
  networkFrom: {
    subject: pollsInternalSubjects.pollNetwork.subject,
    param: 'pollEID',
    notFound: 'MESSAGING_ERR_POLL_NOT_FOUND',
  },
} as const;

export const pollsRoutes = [
  route({
    ...common,
    id: 'poll.vote',
    method: 'POST',
    path: `${POLL}/votes/`,
    summary:
      'Vote for an answer of a poll the caller may read (one vote per person: voting again replaces it); 409 once the poll has ended',
    params: PollParams,
    body: PollVoteBody,
    reply: { status: 200, schema: MessageResource },
  }),
  route({
    ...common,
    id: 'poll.reactivate',
    method: 'POST',
    path: `${POLL}/reactivate`,
    summary:
      'Reactivate an ended poll (its author or a network administrator): it ends again after as long as it first ran; 409 if it has not ended',
    params: PollParams,
    reply: { status: 200, schema: MessageResource },
  }),
  route({
    ...common,
    id: 'pollVoter.list',
    method: 'GET',
    path: `${POLL}/voters/{answerEID}/`,
    summary:
      'Who chose an answer, latest vote first (`embed=user` embeds the profiles); 403 for an anonymous poll',
    params: PollAnswerParams,
    query: PollVotersQuery,
    embeddable: ['user'],
    reply: { status: 200, schema: PollVoterCollection },
  }),
] as const satisfies readonly RouteDefinition[];
