/**
 * Hashtags: a tag's resource, its messages and following it. Rules where the spec is silent:
 * docs/decisions.md, "Messaging: hashtags".
 */
import { PaginationQuery } from '../core/pagination.js';
import { route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, strictObject } from '../core/schemas.js';
import { Text } from '../core/text-hygiene.js';
import {
  TAG_FOLLOWS_PER_PERSON_MAX,
  TAG_LIST_MAX_DEPTH,
  TagFollowBody,
  TagMessageCollection,
  TagResource,
} from './tags.js';

const common = { service: 'messaging', tag: 'Messages', scope: 'network', format: 'hal' } as const;
const TAG = '/networks/{networkEID}/tags/{tag}';

const TagParams = strictObject({
  networkEID: Eid,
  // Any spelling: the service folds it; what is no tag is a 400 there (one rule, one place).
  tag: Text({ minLength: 1, maxLength: 200, description: 'The tag without `#`, percent-encoded' }),
});

export const tagRoutes = [
  route({
    ...common,
    id: 'tag.get',
    method: 'GET',
    path: `${TAG}/`,
    summary:
      'A hashtag: whether the caller follows it, links to its messages and to follow or unfollow it (any tag, used or not)',
    params: TagParams,
    reply: { status: 200, schema: TagResource },
  }),
  route({
    ...common,
    id: 'tag.messages',
    method: 'GET',
    path: `${TAG}/messages/`,
    summary: `The messages and comments with the tag the caller may read (the network's, those of groups whose timeline it may read, private messages it takes part in; no drafts or scheduled items), newest first; the newest ${TAG_LIST_MAX_DEPTH} tagged are looked at`,
    params: TagParams,
    query: PaginationQuery,
    reply: { status: 200, schema: TagMessageCollection },
  }),
  route({
    ...common,
    id: 'tag.follow',
    method: 'POST',
    path: `${TAG}/follow`,
    summary: `Follow a tag (idempotent; a second call changes the alert category): new messages with it that the caller may read reach its live stream, and an alert when \`alertCategory\` asks for one; at most ${TAG_FOLLOWS_PER_PERSON_MAX} tags per person (409)`,
    params: TagParams,
    body: TagFollowBody,
    reply: { status: 200, schema: TagResource },
    idempotent: true,
  }),
  route({
    ...common,
    id: 'tag.unfollow',
    method: 'POST',
    path: `${TAG}/unfollow`,
    summary: 'Stop following a tag (idempotent)',
    params: TagParams,
    reply: { status: 200, schema: TagResource },
    idempotent: true,
  }),
] as const satisfies readonly RouteDefinition[];
