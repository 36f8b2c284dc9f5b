/**
 * Routes of the messaging service (spec: "Search, timeline, alerts, messages", Message actions of
 * "Other endpoints named without paths", Locked message). Rules where the spec is silent:
 * docs/decisions.md, "Messaging: messages, timelines, comments, likes".
 */
import { PaginationQuery } from '../core/pagination.js';
import { route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, NetworkParams, strictObject } from '../core/schemas.js';
import {
  CommentCreateBody,
  LikeCollection,
  MessageCollection,
  MessageCreateBody,
  MessageResource,
} from './resources.js';
import { newsRoutes } from './news-routes.js';
// Emoji reactions.
import { reactionRoutes } from './reaction-routes.js';
// Pins.
import { pinRoutes } from './pin-routes.js';
// Hashtags.
import { tagRoutes } from './tag-routes.js';
// Message actions.
import { messageActionRoutes } from './action-routes.js';
// Types, fields and app posting.
import { privateMessageRoutes } from './private-routes.js';
import {
  MESSAGE,
  messageAction as action,
  messageRouteCommon as common,
  MessageParams,
} from './message-route-parts.js';
// Edit history.
import { historyRoutes } from './history-routes.js';
// Timelines, threads, bubbling.
import { timelineRoutes } from './timeline-routes.js';
import { TimelineWithCommentsQuery } from './timeline-resources.js';
// The 1.4.8 gate, `event` renamed `announcement`.
import { createBodyBefore148 } from './announcement-gate.js';

const GroupParams = strictObject({ networkEID: Eid, groupEID: Eid });

export const messagesRoutes = [
  route({
    ...common,
    id: 'message.create',
    method: 'POST',
    path: '/networks/{networkEID}/messages/',
    summary:
      'Post an update to the network timeline, or to a group’s with `group` (needs the group permission `post_message`)',
    params: NetworkParams,
    // The 1.4.8 gate: before 1.4.8 an announcement is posted as `event` (announcement-gate.ts).
    body: { variants: [{ range: { since: '1.4.8' }, schema: MessageCreateBody }, createBodyBefore148] },
    reply: { status: 201, schema: MessageResource },
    idempotencyKey: true, // Idempotent posting (search and idempotent posting).
  }),
  route({
    ...common,
    id: 'message.get',
    method: 'GET',
    path: `${MESSAGE}/`,
    summary: 'A message or comment the caller may read (a group’s needs `view_group_timeline`)',
    params: MessageParams,
    reply: { status: 200, schema: MessageResource },
  }),
  route({
    ...common,
    id: 'timeline.network',
    method: 'GET',
    path: '/networks/{networkEID}/timeline/',
    summary: 'The network timeline: updates posted to the network, newest first',
    params: NetworkParams,
    query: TimelineWithCommentsQuery, // timelines concern: `embed=comments`
    embeddable: ['comments'],
    reply: { status: 200, schema: MessageCollection },
  }),
  route({
    ...common,
    id: 'timeline.group',
    method: 'GET',
    path: '/networks/{networkEID}/groups/{groupEID}/timeline/',
    summary: 'A group timeline, newest first (needs the group permission `view_group_timeline`)',
    params: GroupParams,
    query: TimelineWithCommentsQuery, // timelines concern: `embed=comments`
    embeddable: ['comments'],
    reply: { status: 200, schema: MessageCollection },
  }),
  route({
    ...common,
    id: 'comment.create',
    method: 'POST',
    path: `${MESSAGE}/comments/`,
    summary: 'Comment on a message the caller may read; a locked message takes none (409)',
    params: MessageParams,
    body: CommentCreateBody,
    reply: { status: 201, schema: MessageResource },
    idempotencyKey: true, // Idempotent posting (search and idempotent posting).
  }),
  route({
    ...common,
    id: 'comment.list',
    method: 'GET',
    path: `${MESSAGE}/comments/`,
    summary: 'The comments of a message, oldest first (none while it is locked)',
    params: MessageParams,
    query: PaginationQuery,
    reply: { status: 200, schema: MessageCollection },
  }),
  route({
    ...common,
    id: 'liker.list',
    method: 'GET',
    path: `${MESSAGE}/likers/`,
    summary: 'Who likes a message, newest first (none while it is locked)',
    params: MessageParams,
    query: PaginationQuery,
    reply: { status: 200, schema: LikeCollection },
  }),
  // Idempotent posting (search and idempotent posting): the like takes an `Idempotency-Key`.
  {
    ...action('message.like', 'like', 'Like a message (idempotent); a locked message takes none (409)'),
    idempotencyKey: true,
  },
  action('message.unlike', 'unlike', 'Stop liking a message (idempotent)', { idempotent: true }),
  action(
    'message.lock',
    'lock',
    'Lock a message: no more likes or comments (its author or a network administrator)',
  ),
  action('message.unlock', 'unlock', 'Unlock a message (its author or a network administrator)'),
  // Emoji reactions.
  ...reactionRoutes,
  // Pins.
  ...pinRoutes,
  // Hashtags.
  ...tagRoutes,
  // News and scheduled items.
  ...newsRoutes,
  // Message actions.
  ...messageActionRoutes,
  // Types, fields and app posting.
  ...privateMessageRoutes,
  // Timelines, threads, bubbling.
  ...timelineRoutes,
  // Edit history.
  ...historyRoutes,
] as const satisfies readonly RouteDefinition[];
