/**
 * Emoji reactions to a message or comment: the list grouped by emoji, the caller's reaction added
 * (idempotent) and taken back. Rules where the spec is silent: docs/decisions.md, "Messaging: emoji
 * reactions".
 */
import { route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, strictObject } from '../core/schemas.js';
import { Text } from '../core/text-hygiene.js';
import { MESSAGE, messageRouteCommon as common, MessageParams } from './message-route-parts.js';
import {
  EMOJI_MAX_LENGTH,
  REACTIONS_DISTINCT_MAX,
  ReactionBody,
  ReactionCollection,
  ReactionListQuery,
} from './reactions.js';
import { MessageResource } from './resources.js';

const ReactionParams = strictObject({
  networkEID: Eid,
  messageEID: Eid,
  emoji: Text({ minLength: 1, maxLength: EMOJI_MAX_LENGTH, description: 'The emoji, percent-encoded' }),
});

export const reactionRoutes = [
  route({
    ...common,
    id: 'reaction.list',
    method: 'GET',
    path: `${MESSAGE}/reactions/`,
    summary:
      'The reactions to a message or comment the caller may read, grouped by emoji, newest first within one; `emoji` keeps one emoji’s (the message’s `reactions` summarises the counts)',
    params: MessageParams,
    query: ReactionListQuery,
    reply: { status: 200, schema: ReactionCollection },
  }),
  route({
    ...common,
    id: 'reaction.add',
    method: 'POST',
    path: `${MESSAGE}/reactions/`,
    summary: `React with an emoji (the \`react\` link; idempotent: the same emoji again adds nothing). A locked or not reactable message takes none (409); at most ${REACTIONS_DISTINCT_MAX} distinct emoji per message (409). Answers the message as it now is`,
    params: MessageParams,
    body: ReactionBody,
    reply: { status: 200, schema: MessageResource },
    idempotent: true,
  }),
  route({
    ...common,
    id: 'reaction.remove',
    method: 'DELETE',
    path: `${MESSAGE}/reactions/{emoji}`,
    summary:
      'Take the caller’s reaction with this emoji back (idempotent; allowed while locked). Answers the message as it now is',
    params: ReactionParams,
    reply: { status: 200, schema: MessageResource },
  }),
] as const satisfies readonly RouteDefinition[];
