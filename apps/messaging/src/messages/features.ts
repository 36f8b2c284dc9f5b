/**
 * How message types and features plug into the message core. The core writes, edits, moves,
 * removes and presents a message; a feature (tasks, polls, events, news and scheduled items,
 * attachments, threads, parent folders) adds what it owns at the named steps through this one
 * interface, and the app lists its features once at the root (src/features.ts). The core imports
 * no feature: a new type or feature is a new implementation, not an edit of the core.
 *
 * Each feature is built at the root over its own collections (a closure), so a hook never receives
 * the app's whole model union; the core hands it the request's caller, access and dependencies.
 */
import type { CallerGroupAccess, PlainResource } from '@ncs/contracts';
import type { Outbox, RequestOf, RpcClient } from '@ncs/service-kit';
import type { Caller } from './access.js';
import type { MessageActions } from './affordances.js';
import type { LatestCreateBody } from './announcement-gate.js';
import type { CoreCollections, MessageDoc } from './models.js';

/** What a hook may call: other services, and the outbox for the feature's own events. */
export interface HookDeps {
  readonly rpc: RpcClient;
  readonly outbox: Outbox;
}

export interface NewMessageInput {
  readonly deps: HookDeps;
  /** The author: a person, or (for a feature that takes part in app posts) the app as attacher. */
  readonly caller: Caller;
  /** The caller's standing in every group the post concerns, asked once (`groupsOfNew`). */
  readonly access: CallerGroupAccess;
  readonly body: LatestCreateBody;
  readonly now: Date;
}

/** A feature's part of a new message or comment: checked before anything is written. */
export interface NewMessagePart {
  /** Stored on the new message. */
  readonly fields?: object;
  /** Right after the message is stored, before its event: a refusal here undoes the post. */
  readonly claim?: (message: MessageDoc) => Promise<void>;
  /** After the message's event. */
  readonly after?: (message: MessageDoc) => Promise<void>;
}

export interface NewCommentInput {
  readonly deps: HookDeps;
  readonly caller: Caller;
  /** The message commented on, readable by the caller. */
  readonly message: MessageDoc;
  readonly body: RequestOf<'comment.create'>['body'];
}

export interface EditInput {
  readonly deps: HookDeps;
  readonly caller: Caller;
  /** The message as it was. */
  readonly message: MessageDoc;
  readonly body: RequestOf<'message.edit'>['body'];
  /** The body as it will be stored (sanitised, or the old one when the edit names none). */
  readonly htmlBody: string;
  readonly now: Date;
}

export interface EditPart {
  /** Set on the message with the core's own changes, in one write. */
  readonly set?: object;
  /** After the edit's event, with the message as it now is. */
  readonly after?: (edited: MessageDoc) => Promise<void>;
}

export interface MoveInput {
  readonly message: MessageDoc;
  readonly access: CallerGroupAccess;
  /** The group it moves to, null for the network. */
  readonly target: string | null;
}

/** A hook may answer at once or after asking something. */
type Awaitable<T> = T | Promise<T>;

/** Adds a feature's fields (and `_user`, `_actions` entries) to one resource of a page. */
export type ResourcePresenter = (doc: MessageDoc, resource: PlainResource) => PlainResource;

export interface MessageFeature {
  /** For errors and traces. */
  readonly name: string;
  /** Whether an app's post (`app_update`) takes this feature's part too. */
  readonly forApps?: boolean;
  /** The groups whose access the feature's checks of a new message need (asked with the post's). */
  readonly groupsOfNew?: (caller: Caller, body: LatestCreateBody) => Awaitable<readonly string[]>;
  /** The feature's part of a new message (fields on other types are its 400 to name). */
  readonly create?: (input: NewMessageInput) => Awaitable<NewMessagePart | undefined>;
  /** The feature's part of a new comment. */
  readonly comment?: (input: NewCommentInput) => Awaitable<NewMessagePart | undefined>;
  /** Checks and changes of an edit (fields on other types are its 400 to name). */
  readonly edit?: (input: EditInput) => Awaitable<EditPart | undefined>;
  /** Refuses a move the feature's own rules forbid. */
  readonly move?: (input: MoveInput) => void;
  /** After a message (or comment) was removed: what the feature keeps of it is released. */
  readonly remove?: (caller: Caller, message: MessageDoc) => Promise<void>;
  /** Reads what a page of messages needs of the feature (one query for the page) and presents it. */
  readonly present?: (caller: Caller, docs: readonly MessageDoc[]) => Awaitable<ResourcePresenter>;
}

/** The core's collections and the features plugged in at the root, as every core function takes them. */
export interface CoreStore extends CoreCollections {
  readonly features: readonly MessageFeature[];
}

/** The resource with `actions` added to the `_actions` it has (the core's and earlier features'). */
export function withActions(resource: PlainResource, actions: MessageActions): PlainResource {
  return { ...resource, _actions: { ...(resource._actions as MessageActions | undefined), ...actions } };
}
