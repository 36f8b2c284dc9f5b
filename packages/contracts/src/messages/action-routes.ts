/**
 * Message actions beyond like and lock: `read`, the readers, edit,
 * `remove`, `subscribe`, `unsubscribe`, `move`, `share`, and (files) `crop`. Rules where the spec is
 * silent: docs/decisions.md, "Messaging: actions, editing, removal, subscriptions, mentions, apps".
 */
import { PaginationQuery } from '../core/pagination.js';
import { route, type RouteDefinition } from '../core/route-definition.js';
import { NoContent } from '../core/schemas.js';
import { TYPING_EXPIRES_MS, TYPING_MIN_INTERVAL_MS } from '../core/typing.js';
import {
  MessageCropBody,
  MessageEditBody,
  MessageMoveBody,
  MessageShareBody,
  ReaderCollection,
} from './action-resources.js';
import { MessageResource } from './resources.js';
import {
  MESSAGE,
  messageAction as action,
  messageRouteCommon as common,
  MessageParams,
} from './message-route-parts.js';

/**
 * Files: crop. A route of its own list: messaging's files area answers it (with the render queue
 * its thumbnails share), while it is a message action like the others.
 */
export const messageCropRoutes = [
  route({
    ...common,
    id: 'message.crop',
    method: 'POST',
    path: `${MESSAGE}/crop`,
    summary:
      'Crop an image attached to a message (whoever may edit the message): the rectangle becomes a new image, with its thumbnails, in the attachment’s place; the original stays stored (the new file’s `original`). ' +
      'A file that is not an image attached to the message, or a rectangle outside the image, is 400; when the service is making too many images at once, 503 with `Retry-After`',
    params: MessageParams,
    body: MessageCropBody,
    reply: { status: 200, schema: MessageResource },
  }),
] as const satisfies readonly RouteDefinition[];

export const messageActionRoutes = [
  route({
    ...common,
    id: 'message.typing',
    method: 'POST',
    path: `${MESSAGE}/typing`,
    summary: `The caller is writing a comment on a message they may read (its thread): the live streams of those who may read it get a \`typing\` event, shown for ${TYPING_EXPIRES_MS / 1000} s unless sent again; not stored, not replayed, at most one per ${TYPING_MIN_INTERVAL_MS / 1000} s (more are accepted and dropped); a locked message takes no comment (409)`,
    params: MessageParams,
    reply: { status: 204, schema: NoContent },
  }),
  action(
    'message.read',
    'read',
    'Mark a message read for the caller (idempotent); `numReaders` counts distinct readers',
    { idempotent: true },
  ),
  route({
    ...common,
    id: 'reader.list',
    method: 'GET',
    path: `${MESSAGE}/readers/`,
    summary: 'Who marked a message read, most recent first',
    params: MessageParams,
    query: PaginationQuery,
    reply: { status: 200, schema: ReaderCollection },
  }),
  route({
    ...common,
    id: 'message.edit',
    method: 'PUT',
    path: `${MESSAGE}/`,
    summary: 'Edit a message’s text (its author only; not while locked); sets `lastEdited`',
    params: MessageParams,
    body: MessageEditBody,
    reply: { status: 200, schema: MessageResource },
  }),
  route({
    ...common,
    id: 'message.remove',
    method: 'POST',
    path: `${MESSAGE}/remove`,
    summary:
      'Remove a message (its author, a network administrator, or the group permission `delete_message` / `delete_comment` / `delete_news`)',
    params: MessageParams,
    reply: { status: 204, schema: NoContent },
  }),
  action('message.subscribe', 'subscribe', 'Subscribe to a message’s comments (idempotent)', {
    idempotent: true,
  }),
  action('message.unsubscribe', 'unsubscribe', 'Stop being notified of a message’s comments (idempotent)', {
    idempotent: true,
  }),
  route({
    ...common,
    id: 'message.move',
    method: 'POST',
    path: `${MESSAGE}/move`,
    summary:
      'Move a message to another group or the network (needs `post_message` at the target and removal rights at the source)',
    params: MessageParams,
    body: MessageMoveBody,
    reply: { status: 200, schema: MessageResource },
  }),
  route({
    ...common,
    id: 'message.share',
    method: 'POST',
    path: `${MESSAGE}/share`,
    summary: 'Share a message: a new update of the caller’s referencing it (`sharedFrom`)',
    params: MessageParams,
    body: MessageShareBody,
    reply: { status: 201, schema: MessageResource },
  }),
  // Files: crop.
  ...messageCropRoutes,
] as const satisfies readonly RouteDefinition[];
