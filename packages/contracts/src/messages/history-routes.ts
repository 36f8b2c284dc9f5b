/**
 * Edit history: the earlier versions of a message or comment, one per edit that changed its text
 * (`htmlBody`, a news item's `title`). Decisions: docs/decisions.md, "Messaging: edit history".
 */
import { Type } from '@sinclair/typebox';
import { PaginationQuery } from '../core/pagination.js';
import { route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, halCollection, HalEmbedded, HalLinks, Ref, Timestamp } from '../core/schemas.js';
import { MESSAGE, messageRouteCommon as common, MessageParams } from './message-route-parts.js';

/** Versions kept per message: past it, each edit drops the oldest (a body is bounded already). */
export const MESSAGE_HISTORY_MAX_VERSIONS = 50;

export const MessageVersionResource = Type.Object(
  {
    type: Type.Literal('message_version'),
    EID: Eid,
    message: Ref(),
    version: Type.Integer({
      minimum: 1,
      description: '1 for the text as posted, then one more for each edit that changed the text',
    }),
    htmlBody: Type.String({ description: 'The text of this version, as it was served' }),
    title: Type.Optional(Type.String({ description: 'News only: the headline of this version' })),
    editor: Ref('user'),
    created: Timestamp,
    edited: Timestamp,
    _links: HalLinks,
    _embedded: HalEmbedded,
  },
  {
    description:
      'An earlier version of a message’s text: who wrote it (`editor`: the author for version 1, then whoever made the edit), when (`created`) and when an edit replaced it (`edited`).',
    $id: 'resource.message_version',
  },
);

export const MessageVersionCollection = halCollection(
  'versions',
  MessageVersionResource,
  'The earlier versions of a message, newest first.',
);

export const historyRoutes = [
  route({
    ...common,
    id: 'message.history',
    method: 'GET',
    path: `${MESSAGE}/history/`,
    summary: `The earlier versions of a message or comment the caller may read, newest first: one per edit that changed its text or title (an edit of an event’s place or of recipients makes none); the newest ${MESSAGE_HISTORY_MAX_VERSIONS} are kept, older ones dropped; removed with the message`,
    params: MessageParams,
    query: PaginationQuery,
    reply: { status: 200, schema: MessageVersionCollection },
  }),
] as const satisfies readonly RouteDefinition[];
