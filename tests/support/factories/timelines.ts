/**
 * Timelines, threads and bubbling factories: the messages list, a user's profile timeline, replies
 * in a comment's thread, and reading a collection's message EIDs.
 */
import { afterAll, beforeAll } from 'vitest';
import { call } from '../api.js';
import { EventReader } from '../events.js';
import { closeFactories, newNetwork, uniqueSuffix, type TestNetwork } from './core.js';
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

export interface Person {
  profileEID: string;
  token: string;
}

/** A network with its administrator, a member, an outsider of its groups, and another network. */
export interface TimelinePeople {
  network: TestNetwork;
  admin: string;
  member: Person;
  outsider: Person;
  other: TestNetwork;
  otherAdmin: string;
}

export async function newTimelinePeople(name: string): Promise<TimelinePeople> {
  const [network, other] = await Promise.all([newNetwork(name), newNetwork(`${name} other`)]);
  const [admin, otherAdmin] = await Promise.all([network.admin.token(), other.admin.token()]);
  const [m, o] = await Promise.all([network.newMember(), network.newMember()]);
  return {
    network,
    admin,
    member: { profileEID: m.profileEID, token: await m.token() },
    outsider: { profileEID: o.profileEID, token: await o.token() },
    other,
    otherAdmin,
  };
}

/** A GET as `token`, optionally with another `Accept` (a version). */
export const getAs = <T = Collection<MessageBody>>(path: string, token: string, accept?: string) =>
  call<T>(path, { token, ...(accept ? { accept } : {}) });

/** The pointers a problem+json names. */
export const pointersOf = (body: { errors?: { pointer: string }[] }) =>
  body.errors?.map((e) => e.pointer) ?? [];

/**
 * A test file's hooks: the people of `newTimelinePeople(name)` in `p` and an open event reader in
 * `events`, both ready before the file's tests and closed after them.
 */
export function timelineSuite(name: string): { readonly p: TimelinePeople; readonly events: EventReader } {
  // Filled in place before the tests run, so the tests may hold it from the start.
  const p = {} as TimelinePeople;
  const events = new EventReader();
  beforeAll(async () => {
    await events.open();
    Object.assign(p, await newTimelinePeople(name));
  });
  afterAll(async () => {
    await events.close();
    await closeFactories();
  });
  return { p, events };
}
