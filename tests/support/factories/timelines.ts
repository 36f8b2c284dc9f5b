/**
 * Timelines, threads and bubbling factories: the messages list, a user's profile timeline, replies
 * in a comment's thread, and reading a collection's message EIDs.
 */
import { call } from '../api.js';
import { uniqueSuffix } from './core.js';
import type { Collection } from './groups.js';
import { messagesPath, type MessageBody } from './messages.js';

/** `GET /network/{networkEID}/messages/` (the spec's singular), or the plural with `root`. */
export const messagesListPath = (networkEID: string, root: 'network' | 'networks' = 'network') =>
  `/${root}/${networkEID}/messages/`;
export const userTimelinePath = (networkEID: string, profileEID: string) =>
  `/networks/${networkEID}/users/${profileEID}/timeline/`;

/** The message EIDs of a page, in order. */
export const EIDsOf = (collection: Collection<MessageBody>) =>
  (collection._embedded.messages ?? []).map((message) => message.EID);

/** A reply in `parentCommentEID`'s thread over HTTP as `token`; throws unless 201. */
export async function newReply(
  networkEID: string,
  messageEID: string,
  parentCommentEID: string,
  token: string,
): Promise<MessageBody> {
  const response = await call<MessageBody>(messagesPath(networkEID, `${messageEID}/comments/`), {
    token,
    json: { htmlBody: `<p>Reply ${uniqueSuffix()}</p>`, parentCommentEID },
  });
  if (response.status !== 201) throw new Error(`reply: ${response.status} ${response.text}`);
  return response.body;
}

/** Posts an update to `profileEID`'s profile timeline as `token`; answers the response as is. */
export function postToProfile(networkEID: string, profileEID: string, token: string, type = 'update') {
  return call<MessageBody>(messagesPath(networkEID), {
    token,
    json: {
      type,
      htmlBody: `<p>On a profile ${uniqueSuffix()}</p>`,
      profile: { type: 'user', EID: profileEID },
    },
  });
}
