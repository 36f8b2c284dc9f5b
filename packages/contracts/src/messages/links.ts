/**
 * HAL link relations of the messaging resources, as data (spread into `linkRelations`, links.ts).
 * A locked message has no `comments` and `likers` relations (spec: Locked message); a group
 * message has `groupTimeline` instead of the network's `timeline`.
 *
 * Action links: a relation named after an action (`like`, `lock`, `complete`…) whose POST performs
 * it, shown only when the caller may perform it now: the service lists those actions in the
 * resource's `_actions` (`{ like: true }`), which the gateway reads for the links and never shows.
 */
import type { LinkRelation, LinkRelations } from '../core/links.js';

const MESSAGE = '/networks/{networkEID}/messages/{EID}';

/** An action link: `rel` is the action, its POST to `href` performs it; shown when `_actions` lists it. */
export const actionLink = (rel: string, href: string): LinkRelation => ({
  rel,
  href,
  when: `_actions.${rel}`,
});

/** The actions on a message by a POST to `/messages/{EID}/<action>`. */
const messageActions = [
  'like',
  'unlike',
  'read',
  'subscribe',
  'unsubscribe',
  'lock',
  'unlock',
  'remove',
  'move',
  'share',
  'publish',
  'rsvp',
  'cancel',
  'reinstate',
  // Pins: shown to the timeline's administrators.
  'pin',
  'unpin',
  // Saved items: the caller's own bookmark (saved/ in contracts, routes and rules).
  'save',
  'unsave',
] as const;

const messageRelations: readonly LinkRelation[] = [
  { rel: 'self', href: `${MESSAGE}/` },
  { rel: 'author', href: '/networks/{networkEID}/users/{author.EID}/' },
  { rel: 'parent', href: '/networks/{networkEID}/messages/{parent.EID}/' },
  // Timelines concern: a profile message is on the user's timeline (`userTimeline`), not the network's.
  { rel: 'timeline', href: '/networks/{networkEID}/timeline/', unless: ['group', 'profile'] },
  { rel: 'groupTimeline', href: '/networks/{networkEID}/groups/{group.EID}/timeline/' },
  { rel: 'group', href: '/networks/{networkEID}/groups/{group.EID}/' },
  { rel: 'comments', href: `${MESSAGE}/comments/`, unless: 'locked' },
  { rel: 'likers', href: `${MESSAGE}/likers/`, unless: 'locked' },
  // Emoji reactions: the list (shown while locked too: the lock stops new ones only); `react`
  // POSTs one there, shown when the caller may react now.
  { rel: 'reactions', href: `${MESSAGE}/reactions/` },
  actionLink('react', `${MESSAGE}/reactions/`),
  // Live content: a POST says the caller is writing a comment (the message's thread).
  { rel: 'typing', href: `${MESSAGE}/typing`, unless: 'locked' },
  // Message actions: who marked it read (shown while locked too).
  { rel: 'readers', href: `${MESSAGE}/readers/` },
  // Hashtags: one link per tag of the message (an array of links), to the tag's resource.
  { rel: 'tag', href: '/networks/{networkEID}/tags/{key}/', each: 'tags' },
  // Edit history: the earlier versions, once the message has been edited.
  { rel: 'history', href: `${MESSAGE}/history/`, when: 'lastEdited' },
  { rel: 'sharedFrom', href: '/networks/{networkEID}/messages/{sharedFrom.EID}/' },
  // Timelines, threads, bubbling: a message posted to a user's profile timeline.
  { rel: 'userTimeline', href: '/networks/{networkEID}/users/{profile.EID}/timeline/' },
  // Affordances: what the caller may do with the message now.
  ...messageActions.map((action) => actionLink(action, `${MESSAGE}/${action}`)),
];

export const messagesLinkRelations: LinkRelations = {
  update: messageRelations,
  // A comment's own comments are not taken (threads come with `parentCommentEID`).
  comment: messageRelations.filter(
    (r) => !['comments', 'typing', 'timeline', 'groupTimeline'].includes(r.rel),
  ),
  // News and scheduled items: a news item has the relations of an update.
  news: messageRelations,
  news_duplication: [
    { rel: 'self', href: '/networks/{networkEID}/news/duplications/{EID}/' },
    { rel: 'original', href: '/networks/{networkEID}/messages/{original.EID}/' },
    { rel: 'copy', href: '/networks/{networkEID}/messages/{copy.EID}/' },
  ],
  news_addressee_export: [
    { rel: 'self', href: '/networks/{networkEID}/news/addressee-exports/{EID}/' },
    { rel: 'news', href: '/networks/{networkEID}/messages/{news.EID}/' },
    { rel: 'download', href: '/networks/{networkEID}/news/addressee-exports/{csvFile.EID}/csv' },
  ],
  // Types, fields and app posting. An announcement is placed like an update; a private
  // message is on no timeline; an app_update's author is an app installed in the network.
  announcement: messageRelations,
  private_message: messageRelations.filter((r) => !['timeline', 'groupTimeline', 'group'].includes(r.rel)),
  app_update: messageRelations.map((r) =>
    r.rel === 'author' ? { rel: 'author', href: '/networks/{networkEID}/apps/{author.EID}/' } : r,
  ),
  like: [
    { rel: 'user', href: '/networks/{networkEID}/users/{user.EID}/' },
    { rel: 'message', href: '/networks/{networkEID}/messages/{message.EID}/' },
  ],
  // Emoji reactions.
  reaction: [
    { rel: 'user', href: '/networks/{networkEID}/users/{user.EID}/' },
    { rel: 'message', href: '/networks/{networkEID}/messages/{message.EID}/' },
  ],
  // Hashtags: a tag, its messages and the follow actions.
  tag: [
    { rel: 'self', href: '/networks/{networkEID}/tags/{name}/' },
    { rel: 'messages', href: '/networks/{networkEID}/tags/{name}/messages/' },
    actionLink('follow', '/networks/{networkEID}/tags/{name}/follow'),
    actionLink('unfollow', '/networks/{networkEID}/tags/{name}/unfollow'),
  ],
  // Edit history: an earlier version of a message's text.
  message_version: [
    { rel: 'message', href: '/networks/{networkEID}/messages/{message.EID}/' },
    { rel: 'editor', href: '/networks/{networkEID}/users/{editor.EID}/' },
  ],
  // Message actions.
  reader: [
    { rel: 'user', href: '/networks/{networkEID}/users/{user.EID}/' },
    { rel: 'message', href: '/networks/{networkEID}/messages/{message.EID}/' },
  ],
  // Events: an event is placed like an update; a private one is on no timeline.
  event: messageRelations.map((r) =>
    r.rel === 'timeline' || r.rel === 'groupTimeline'
      ? { ...r, unless: [...(typeof r.unless === 'string' ? [r.unless] : (r.unless ?? [])), 'event.private'] }
      : r,
  ),
};
