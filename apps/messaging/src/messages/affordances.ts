/**
 * What the caller may do with a message now, as `_actions` (`{ like: true, … }`): the gateway shows
 * one action link per entry (contracts messages/links.ts) and never shows `_actions` itself. Read
 * from what presenting a page already has: the caller's like, read and subscription, the message's
 * state, and the caller's network role from the token (no request to auth per message). The
 * actions of a type (complete a task, vote, answer an event) are its feature's to add. Rights that only auth's group access knows (a group's
 * `delete_message`, membership of a shared task's group) are not at hand here, so those callers get
 * no link for them although the action is allowed.
 */
import type { Caller } from './access.js';
import type { MessageDoc } from './models.js';
import { mayLike } from './rules.js';

export type MessageActions = Partial<Record<string, true>>;

export interface CallerStanding {
  readonly liked: boolean;
  readonly read: boolean;
  readonly subscribed: boolean;
}

/** A network administrator, by the role the token's principal carries (every admin variant is `admin`). */
export function isNetworkAdmin(caller: Caller): boolean {
  return caller.ctx.principal?.roles.includes('admin') ?? false;
}

/** The actions `caller` may perform on `doc` now. */
export function messageActionsOf(doc: MessageDoc, caller: Caller, standing: CallerStanding): MessageActions {
  const actions: MessageActions = {};
  if (doc.status === 'removed') return actions;
  const author = doc.authorEID === caller.profileEID;
  const admin = isNetworkAdmin(caller);
  const published = (doc.status ?? 'published') === 'published';
  // Like: the rule `_user.permissions` shows too; unlike is always taken.
  if (standing.liked) actions.unlike = true;
  else if (mayLike(doc)) actions.like = true;
  if (!standing.read) actions.read = true;
  // A comment's subscribers are its message's (subscribing to a comment is 400).
  if (doc.type !== 'comment') {
    if (standing.subscribed) actions.unsubscribe = true;
    else actions.subscribe = true;
  }
  if (author || admin) {
    if (doc.locked) actions.unlock = true;
    else actions.lock = true;
    actions.remove = true;
    if (published && doc.type !== 'comment' && doc.timelineKey) actions.move = true;
    if (doc.status === 'draft') actions.publish = true;
  }
  if (published && doc.type !== 'comment' && doc.timelineKey) actions.share = true;
  return actions;
}
