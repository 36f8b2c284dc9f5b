/**
 * HAL link relations of polls (spread into `linkRelations`, links.ts): a poll has the relations of
 * an update plus its network-less `/polls/…` actions; a voter links to the person and the poll.
 */
import type { LinkRelations } from '../core/links.js';
import { actionLink, messagesLinkRelations } from '../messages/links.js';

export const pollsLinkRelations: LinkRelations = {
  poll: [
    ...(messagesLinkRelations.update ?? []),
    { rel: 'votes', href: '/polls/{EID}/votes/' },
    // Affordances: a POST of `{ answerEID }` votes, while the poll is open.
    actionLink('vote', '/polls/{EID}/votes/'),
    // Only an ended poll can be reactivated (an active one answers 409 -368).
    { rel: 'reactivate', href: '/polls/{EID}/reactivate', when: 'poll.ended' },
  ],
  poll_voter: [
    { rel: 'user', href: '/networks/{networkEID}/users/{user.EID}/' },
    { rel: 'poll', href: '/networks/{networkEID}/messages/{poll.EID}/' },
    { rel: 'voters', href: '/polls/{poll.EID}/voters/{answer.EID}/' },
  ],
};
