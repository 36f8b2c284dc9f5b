/**
 * Search (spec: "Search, timeline, alerts, messages"): `GET /networks/{networkEID}/search/`. The
 * messaging service owns the route and asks the knowledge base for articles over NATS. Rules where
 * the spec is silent: docs/decisions.md, "Search and idempotent posting".
 */
import { Type } from '@sinclair/typebox';
import { PageLimit, PageOffset } from '../core/pagination.js';
import { route, type RouteDefinition } from '../core/route-definition.js';
import { halCollection, NetworkParams } from '../core/schemas.js';
import { Text } from '../core/text-hygiene.js';
import { ProfileResource } from '../directory/resources.js';
import { GroupResource } from '../groups/resources.js';
import { KbPageResource } from '../kb/resources.js';
import { MessageResource } from '../messages/resources.js';
import { addressableForTypes } from './directory.js';

/** The result types `type` may name (a comma list); a message type narrows the messages found. */
export const searchResultTypes = ['message', 'user', 'group', 'knowledge_base_article'] as const;
/** Message types `type` may name (spec: Resources): only messages of those types are answered. */
export const searchMessageTypes = [
  'update',
  'news',
  'task',
  'poll',
  'event',
  'announcement',
  'app_update',
  'comment',
] as const;

/** Search looks at the newest matches only: `offset + limit` beyond this answers no more items. */
export const SEARCH_MAX_DEPTH = 500;

export const SearchQuery = Type.Object({
  q: Type.Optional(
    Text({
      minLength: 2,
      maxLength: 200,
      description:
        'What to look for (at least 2 characters): every word must appear in a message. Required unless `tag` is given.',
    }),
  ),
  // Hashtags: the messages with a tag (people, groups and articles have none).
  tag: Type.Optional(
    Text({
      minLength: 1,
      maxLength: 200,
      description:
        'Only messages with this tag (without `#`, any spelling: it is folded); with `q`, those holding its words too. No people, groups or articles then.',
    }),
  ),
  type: Type.Optional(
    Text({
      maxLength: 200,
      description: `Comma list of result types (${searchResultTypes.join(', ')}) or message types (${searchMessageTypes.join(', ')}); articles only when \`knowledge_base_article\` is named.`,
    }),
  ),
  include_hidden: Type.Optional(
    Type.Boolean({
      default: false,
      description: 'Also find the hidden groups the caller may see (its members, invitees, network admins).',
    }),
  ),
  addressable_for: Type.Optional(
    Type.Union(
      [
        Type.Literal(addressableForTypes[0]),
        Type.Literal(addressableForTypes[1]),
        Type.Literal(addressableForTypes[2]),
      ],
      {
        description:
          'Only people and groups the caller may address with this content type (no messages, no articles).',
      },
    ),
  ),
  limit: Type.Optional(PageLimit),
  offset: Type.Optional(PageOffset),
});

export const SearchCollection = halCollection(
  'results',
  Type.Union([MessageResource, ProfileResource, GroupResource, KbPageResource]),
  'Search results: messages newest first, then people, then groups (by name), then knowledge-base articles; each a resource of its own type.',
);

export const searchRoutes = [
  route({
    service: 'messaging',
    tag: 'Search, timeline, alerts, messages',
    scope: 'network',
    format: 'hal',
    id: 'search.list',
    method: 'GET',
    path: '/networks/{networkEID}/search/',
    summary:
      'Search the messages the caller may read (every word of `q`; with `tag`, those with the tag), the people and groups it may see (names starting with the words of `q`) and, when `type` names `knowledge_base_article`, the articles',
    params: NetworkParams,
    query: SearchQuery,
    reply: { status: 200, schema: SearchCollection },
  }),
] as const satisfies readonly RouteDefinition[];
