/**
 * NATS subjects: `rpc.<service>.<resource>.<action>` for request/reply and
 * `events.<service>.<entity>.<verb>` for JetStream domain events (ARCHITECTURE §6).
 */
import type { EventAudience } from './audience.js';
import type { ServiceName } from './envelope.js';

export const EVENTS_STREAM = 'EVENTS';
export const EVENTS_SUBJECTS = 'events.>';

export function rpcSubject(service: ServiceName, resource: string, action: string): string {
  return `rpc.${service}.${resource}.${action}`;
}

export function eventSubject(service: ServiceName, entity: string, verb: string): string {
  return `events.${service}.${entity}.${verb}`;
}

/** Internal subjects that are not HTTP routes (called service to service or by the gateway itself). */
export const internalSubjects = {
  /** Gateway → auth: resolve an access token to its principal and memberships. */
  tokenLookup: rpcSubject('auth', 'token', 'lookup'),
  /** Gateway → auth: OAuth 2.0 token endpoint (form body, RFC 6749 replies). */
  tokenGrant: rpcSubject('auth', 'oauth', 'token'),
  /** Any → auth: profiles of the request's network by EID, in one batch (for `embed=`). */
  profilesBatch: rpcSubject('auth', 'profile', 'batch'),
  /**
   * Any → auth: groups of the request's network by EID, in one batch, only those the caller may
   * see, each with the caller's `_user` (for `embed=`).
   */
  groupsBatch: rpcSubject('auth', 'group', 'batch'),
  /** Any → auth: networks by EID, in one batch, limited to the caller's (for `embed=`). */
  networksBatch: rpcSubject('auth', 'network', 'batch'),
  /**
   * Messaging → auth: where the caller stands, read from auth's store at the time of the request
   * (body `{ EIDs }`, group EIDs, at most 1000; reply `CallerGroupAccess`). A caller who is not an
   * active member of the network is 404.
   */
  groupAccess: rpcSubject('auth', 'group', 'access'),
  /** Gateway → messaging: the caller's messaging badge counters (part of `badgeCounters.get`). */
  messagingBadgeCounters: rpcSubject('messaging', 'badgeCounters', 'get'),
  /**
   * Auth → messaging: `{ numScheduledItems }` of the caller, for the network resource's `_user`
   * (one count, not every badge counter: the network read is the gateway hop's baseline).
   */
  scheduledItemsCount: rpcSubject('messaging', 'scheduledItems', 'count'),
  /** Gateway → notifications: the caller's alert badge counters (part of `badgeCounters.get`). */
  notificationsBadgeCounters: rpcSubject('notifications', 'badgeCounters', 'get'),
  /** Auth → messaging: `{ profileEID: string | null }` of the network's AI assistant. */
  aiAssistantProfile: rpcSubject('messaging', 'aiAssistant', 'profile'),
  /**
   * News (messaging → auth): one page of a news item's addressees, `ctx.networkEID`'s active
   * members or a group's (body `AddresseesPageRequest`, reply `AddresseesPage`, by EID after `after`).
   */
  addresseesPage: rpcSubject('auth', 'addressees', 'page'),
  // Search and idempotent posting.
  /**
   * Messaging → kb: the articles the caller may read matching `q` (body `{ q, limit }`, limit at
   * most `SEARCH_MAX_DEPTH`); reply `{ total, items }`, items plain `kb_page` resources, newest first.
   */
  kbSearch: rpcSubject('kb', 'search', 'articles'),
  /**
   * Messaging → auth: the people and groups the caller may see whose names start with the words of
   * `q` (body `DirectorySearchRequest`, reply `DirectorySearchReply`, contracts search/directory.ts).
   */
  directorySearch: rpcSubject('auth', 'directory', 'search'),
  // Timelines, threads, bubbling.
  /**
   * Messaging → auth: what the caller may post on each profile of `{ EIDs }` in `ctx.networkEID`
   * (auth's postable-types rules); reply `PostableTypesItem[]`, other networks' profiles left out.
   */
  postableTypes: rpcSubject('auth', 'profile', 'postableTypes'),
  /**
   * Auth → messaging: who commented on a message the caller may read (body `{ messageEID, after,
   * limit }`, keyset by profile EID); reply `{ profileEIDs }`, at most `limit`, ascending.
   */
  commenters: rpcSubject('messaging', 'message', 'commenters'),
  // Tasks.
  /**
   * Messaging → auth: one page of the profiles `EIDs` of `ctx.networkEID` (at most 1000) whose
   * names start with the words of `q`, sorted by `fullName` ascending then EID (body
   * `ProfileNamePageRequest`, reply `ProfileNamePage`: items as `embed` presents users).
   */
  profileNamePage: rpcSubject('auth', 'profile', 'namePage'),
  // Polls.
  /**
   * Gateway → messaging: the network of a poll, for the network-less `/polls/{pollEID}/…` routes
   * (body `{ EID }`; reply `{ networkEID: string | null }`, null when no such poll exists).
   */
  pollNetwork: rpcSubject('messaging', 'poll', 'network'),
  // Notifications: alerts.
  /**
   * Auth → notifications: the whoami `_user` alert counters of several profiles in one batch (body
   * `AlertCountersRequest`, reply `AlertCountersReply`, contracts notifications/resources.ts).
   */
  alertCounters: rpcSubject('notifications', 'alertCounters', 'batch'),
  /** Notifications → auth: the active network admins of `ctx.networkEID` (reply `NetworkAdminsReply`). */
  networkAdmins: rpcSubject('auth', 'network', 'admins'),
  // Chat and the AI assistant.
  /**
   * Messaging → auth: the caller's standing for the AI assistant in `ctx.networkEID` and the
   * network's bot profile (body `AiAssistantStandingRequest`; `create: true` creates the bot profile,
   * once per network, network administrators with the feature only). Reply `AiAssistantStanding`.
   */
  aiAssistantStanding: rpcSubject('auth', 'aiAssistant', 'standing'),
  /**
   * Messaging → auth: which of `{ EIDs }` (at most 1000) the caller may chat with in
   * `ctx.networkEID` (the `scope=chat` rule of the users collection: active, bots too, and with
   * `allowChatCustomSettings` only those with chat on); reply `ChatPartnersReply`. A caller who is
   * not an active member is 404.
   */
  chatPartners: rpcSubject('auth', 'chat', 'partners'),
  // Files and folders: the streamed upload and download (contracts files/resources.ts).
  /** Gateway → messaging: one chunk of an upload (`FileChunkRequest`); reply `{ n }`. */
  fileChunk: rpcSubject('messaging', 'file', 'chunk'),
  /** Gateway → messaging: the upload is whole (`FileFinishRequest`); reply the file resource. */
  fileFinish: rpcSubject('messaging', 'file', 'finish'),
  /** Gateway → messaging: the upload failed (body `{ uploadId }`): its chunks are removed. */
  fileAbort: rpcSubject('messaging', 'file', 'abort'),
  /** Gateway → messaging: bytes of a file (`FileReadRequest`); reply `{ data }` (base64). */
  fileRead: rpcSubject('messaging', 'file', 'read'),
  /**
   * Auth → messaging: the files a theme or the network's branding names become network assets
   * (body `FileAdoptAssetsRequest`, contracts files/assets.ts; ctx: the writer's request). Each must
   * be an image of `ctx.networkEID` the caller may read, else 400 -397 naming its pointer, and none
   * is adopted; reply `{ adopted }` (how many).
   */
  fileAdoptAssets: rpcSubject('messaging', 'file', 'adoptAssets'),
} as const;

/** One answer of `postableTypes`: the message types the caller may post on that profile. */
export interface PostableTypesItem {
  readonly EID: string;
  readonly types: readonly string[];
}

/** One group of a `groupAccess` answer: only groups the caller may see are listed. */
export interface GroupAccess {
  readonly EID: string;
  readonly hidden: boolean;
  readonly membersMayPost: boolean;
  /** An active member of the group. */
  readonly member: boolean;
  /** The caller's group permissions (`post_message`, `view_group_timeline`…). */
  readonly permissions: readonly string[];
}

/** The answer of `groupAccess`. */
export interface CallerGroupAccess {
  readonly networkAdmin: boolean;
  readonly groups: readonly GroupAccess[];
  /**
   * Messaging, app posting: set when the caller is an app (client-credentials token) installed in
   * the network, with its application permissions there as stored now. Such a caller sees every
   * group with `post_to_any_group` (hidden ones too, with `post_message`), else visible ones
   * without permissions.
   */
  readonly app?: { readonly EID: string; readonly permissions: readonly string[] };
}

/**
 * Where the gateway fetches embeddable resources of each type: one request per owner and type,
 * body `{ EIDs: string[] }`, reply the resources found (never one request per item).
 */
export const embedSources: Readonly<Record<string, string>> = {
  user: internalSubjects.profilesBatch,
  group: internalSubjects.groupsBatch,
  network: internalSubjects.networksBatch,
};

/**
 * Core NATS notices, `notice.<service>.<entity>.<what>`: at-most-once hints that a cache another
 * service keeps of the publisher's data is stale. Never on the JetStream stream (not under
 * `events.>`), never the only record of anything: a missed notice costs a cache entry's TTL.
 */
export function noticeSubject(service: ServiceName, entity: string, what: string): string {
  return `notice.${service}.${entity}.${what}`;
}

/**
 * Messaging → every auth instance: `ScheduledItemsChanged`, a person's number of scheduled items
 * may have changed. Published before the reply of the write that changed it, so auth drops its
 * cached `_user.numScheduledItems` before the writer's next read arrives (one NATS server delivers
 * in that order).
 */
export const scheduledItemsChangedSubject = noticeSubject('messaging', 'scheduledItems', 'changed');

export interface ScheduledItemsChanged {
  readonly networkEID: string;
  readonly profileEID: string;
}

/** Published by auth when tokens are revoked; `data.tokenHashes` are SHA-256 (hex), never tokens. */
export const tokenRevokedSubject = eventSubject('auth', 'token', 'revoked');

/**
 * Published by auth when failed sign-ins lock an account (a security alert for its owner): one event
 * per active profile, with that profile's network; `data: { profileEID, lockedUntil, failedAttempts }`.
 */
export const accountSignInLockedSubject = eventSubject('auth', 'account', 'sign_in_locked');

/** Domain event envelope on JetStream. */
export interface DomainEvent<D = Record<string, unknown>> {
  readonly id: string;
  readonly type: string;
  readonly occurredAt: string;
  readonly networkEID?: string;
  readonly actor?: { readonly type: string; readonly EID: string };
  /**
   * Who may see the event (the catalogue lists the kinds each event may carry). Optional only
   * while auth's producers still record untyped events; every other service's events carry it.
   */
  readonly audience?: EventAudience;
  readonly data: D;
}

/** Tasks. The body of `profileNamePage`. */
export interface ProfileNamePageRequest {
  readonly EIDs: readonly string[];
  readonly q: string | null;
  readonly limit: number;
  readonly offset: number;
}

/** Tasks. The answer of `profileNamePage`: `total` counts every match. */
export interface ProfileNamePage {
  readonly total: number;
  readonly items: readonly (Record<string, unknown> & { readonly EID: string })[];
}
