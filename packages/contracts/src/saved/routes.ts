/**
 * Saved items: the caller saves (bookmarks) a message, a comment or a knowledge-base page it may
 * read, through the `save`/`unsave` action links, and reads its own list from the aggregate's
 * `savedItems`. Messaging owns every route (and the `saved_items` collection); for a page it asks
 * the knowledge base whether the caller may read it. Rules where the spec is silent:
 * docs/decisions.md, "Saved items".
 */
import { route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, NetworkParams, NoContent, strictObject } from '../core/schemas.js';
import { KbPageResource } from '../kb/resources.js';
import { messageAction } from '../messages/message-route-parts.js';
import {
  SAVED_ITEMS_PER_PERSON_MAX,
  SavedItemCollection,
  SavedItemListQuery,
  SavedItemParams,
  SavedItemResource,
} from './resources.js';

const common = { service: 'messaging', tag: 'Saved items', scope: 'network', format: 'hal' } as const;
const PAGE = '/networks/{networkEID}/knowledge-base/pages/{pageEID}';
const PageParams = strictObject({ networkEID: Eid, pageEID: Eid });
const SAVED = '/networks/{networkEID}/saved-items';

export const savedRoutes = [
  {
    ...messageAction(
      'message.save',
      'save',
      `Save a message or comment the caller may read to the caller's saved items (idempotent; at most ${SAVED_ITEMS_PER_PERSON_MAX} per person, 409). Answers the message as it now is`,
      { idempotent: true },
    ),
    tag: common.tag,
  },
  {
    ...messageAction(
      'message.unsave',
      'unsave',
      "Remove a message or comment from the caller's saved items (idempotent)",
      { idempotent: true },
    ),
    tag: common.tag,
  },
  route({
    ...common,
    id: 'kbPage.save',
    method: 'POST',
    path: `${PAGE}/save`,
    summary: `Save a knowledge-base page the caller may read to the caller's saved items (idempotent; at most ${SAVED_ITEMS_PER_PERSON_MAX} per person, 409). Answers the page as it now is`,
    params: PageParams,
    reply: { status: 200, schema: KbPageResource },
    idempotent: true,
  }),
  route({
    ...common,
    id: 'kbPage.unsave',
    method: 'POST',
    path: `${PAGE}/unsave`,
    summary: "Remove a knowledge-base page from the caller's saved items (idempotent)",
    params: PageParams,
    reply: { status: 200, schema: KbPageResource },
    idempotent: true,
  }),
  route({
    ...common,
    id: 'savedItem.list',
    method: 'GET',
    path: `${SAVED}/`,
    summary:
      "The caller's own saved items, most recently saved first; each embeds the item as the caller reads it now, or is a tombstone (`available: false`, `reason`) when it was removed or the caller may no longer read it",
    params: NetworkParams,
    query: SavedItemListQuery,
    reply: { status: 200, schema: SavedItemCollection },
  }),
  route({
    ...common,
    id: 'savedItem.get',
    method: 'GET',
    path: `${SAVED}/{savedItemEID}/`,
    summary: "One of the caller's saved items (another person's is 404)",
    params: SavedItemParams,
    reply: { status: 200, schema: SavedItemResource },
  }),
  route({
    ...common,
    id: 'savedItem.remove',
    method: 'DELETE',
    path: `${SAVED}/{savedItemEID}/`,
    summary:
      "Remove one of the caller's saved items, whether or not the item is still readable (another person's is 404)",
    params: SavedItemParams,
    reply: { status: 204, schema: NoContent },
  }),
] as const satisfies readonly RouteDefinition[];
