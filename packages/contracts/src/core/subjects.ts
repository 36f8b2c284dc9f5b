/**
 * NATS subjects: `rpc.<service>.<resource>.<action>` for request/reply and
 * `events.<service>.<entity>.<verb>.<networkEID>` for JetStream domain events (ARCHITECTURE §6).
 * The network's token makes one stream hold one log per network: a network's events are
 * `events.*.*.*.<networkEID>` (`networkLogFilter`), read from any sequence without reading other
 * tenants'; an event of no network is filed under `NO_NETWORK`.
 */
import type { EventAudience } from './audience.js';
import type { ServiceName } from './envelope.js';

export const EVENTS_STREAM = 'EVENTS';
export const EVENTS_SUBJECTS = 'events.>';

export function rpcSubject(service: ServiceName, resource: string, action: string): string {
  return `rpc.${service}.${resource}.${action}`;
}

/** The network token of an event that belongs to no network (an account's, a client's). */
export const NO_NETWORK = 'none';

/** The filter of one event type in every network: `events.<service>.<entity>.<verb>.*`. */
export function eventSubject(service: ServiceName, entity: string, verb: string): string {
  return `events.${service}.${entity}.${verb}.*`;
}

/** The subject an event is published on: its type's, in its network's log. */
export function eventLogSubject(
  service: ServiceName,
  entity: string,
  verb: string,
  networkEID: string | undefined,
): string {
  return `events.${service}.${entity}.${verb}.${networkEID ?? NO_NETWORK}`;
}

/** The filter of one network's log: every event of the network, in stream order. */
export function networkLogFilter(networkEID: string): string {
  return `events.*.*.*.${networkEID}`;
}

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
  /** Who may see the event (the catalogue lists the kinds each event may carry). */
  readonly audience: EventAudience;
  readonly data: D;
}
