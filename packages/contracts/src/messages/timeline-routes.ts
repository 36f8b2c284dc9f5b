/**
 * Routes of timelines and threads: the messages list (the spec's
 * singular `network`, and the plural) and a user's profile timeline. Spread at the end of
 * `messagesRoutes` (routes.ts). Decisions: docs/decisions.md, "Messaging: timelines, threads,
 * bubbling".
 */
import { route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, NetworkParams, strictObject } from '../core/schemas.js';
import { MessageCollection } from './resources.js';
import { MessagesListQuery, TimelineWithCommentsQuery } from './timeline-resources.js';

const common = { service: 'messaging', tag: 'Messages', scope: 'network', format: 'hal' } as const;

/** `GET /{root}/{networkEID}/messages/`: the spec's singular `network`, and the plural. */
const list = <const Id extends string>(id: Id, root: string) =>
  route({
    ...common,
    id,
    method: 'GET',
    path: `/${root}/{networkEID}/messages/`,
    summary:
      'Messages the caller may read, newest first (the network timeline’s); with `parentCommentEID` the replies in that comment’s thread, oldest first',
    params: NetworkParams,
    query: MessagesListQuery,
    embeddable: ['comments'],
    reply: { status: 200, schema: MessageCollection },
  });

export const timelineRoutes = [
  list('messages.list', 'network'),
  list('messages.listPlural', 'networks'),
  route({
    ...common,
    id: 'timeline.user',
    method: 'GET',
    path: '/networks/{networkEID}/users/{profileEID}/timeline/',
    summary: 'A user’s profile timeline: messages posted to that profile, newest first',
    params: strictObject({ networkEID: Eid, profileEID: Eid }),
    query: TimelineWithCommentsQuery,
    embeddable: ['comments'],
    reply: { status: 200, schema: MessageCollection },
  }),
] as const satisfies readonly RouteDefinition[];
