/**
 * The events of the live stream (`GET /networks/{networkEID}/stream`): which catalogued domain
 * events a person's stream carries, under which SSE event name, and what of their `data` it leaves
 * out. The gateway reads them from the network's event log (`networkLogFilter`) and sends each to
 * the open streams of those its audience names (core/audience.ts), so the payload is the event's
 * own: its type, references and the changed fields, each reference with the link to fetch the rest.
 *
 * Left out of every payload: what only routes an alert (`alert`, `recipient`, `recipients`) and
 * what the recipients cannot see in the API (a private message's former text, `previousHtmlBody`;
 * an edited event's former details, `previous`).
 */
import type { EventAudience } from '../core/audience.js';
import type { EventName } from './catalogue.js';

export interface LiveEventDefinition {
  /** The SSE `event:` name (the catalogue type, but for the alert events the stream always had). */
  readonly event: string;
  /** Keys of `data` the stream does not send. */
  readonly omit: readonly string[];
  /**
   * Those who could see the item before the event and may not now (a moved message's former
   * timeline): they are told it left, with its reference only (`leftData`), never where it went.
   */
  readonly formerAudience?: (data: unknown) => EventAudience | undefined;
}

/** A moved message's former timeline: its group's members, or the network's. */
function movedFrom(data: unknown): EventAudience {
  const from = (data as { from?: { EID?: unknown } | null }).from;
  return typeof from?.EID === 'string' ? { kind: 'group', groupEID: from.EID } : { kind: 'network' };
}

/** What routes an alert only. */
const ALERT_ROUTING = ['alert', 'recipient', 'recipients'] as const;

const same = (omit: readonly string[] = []) => ({ omit });

type LiveEntry = Omit<LiveEventDefinition, 'event'> & { readonly event?: string };

const LIVE: Partial<Record<EventName, LiveEntry>> = {
  // Messages on timelines and to their recipients.
  'messaging.message.created': same(),
  'messaging.message.draft_created': same(),
  'messaging.message.scheduled': same(),
  'messaging.message.published': same(),
  'messaging.message.scheduled_published': same(ALERT_ROUTING),
  'messaging.message.commented': same(),
  'messaging.message.edited': same(['previousHtmlBody']),
  'messaging.message.liked': same(),
  'messaging.message.unliked': same(),
  'messaging.message.reacted': same(),
  'messaging.message.unreacted': same(),
  'messaging.message.pinned': same(),
  'messaging.message.unpinned': same(),
  // Hashtags: a new message with a tag the person follows.
  'messaging.tag.message_tagged': same(),
  'messaging.message.locked': same(),
  'messaging.message.unlocked': same(),
  'messaging.message.read': same(),
  'messaging.message.removed': same(),
  'messaging.message.moved': { ...same(), formerAudience: movedFrom },
  'messaging.message.shared': same(),
  'messaging.message.superseded': same(),
  // Events, polls, tasks.
  'messaging.message.rsvp': same(),
  'messaging.message.canceled': same(ALERT_ROUTING),
  'messaging.message.reinstated': same(ALERT_ROUTING),
  'messaging.message.date_time_changed': same([...ALERT_ROUTING, 'previous']),
  'messaging.message.location_changed': same([...ALERT_ROUTING, 'previous']),
  'messaging.message.details_changed': same([...ALERT_ROUTING, 'previous']),
  'messaging.poll.voted': same(),
  'messaging.poll.reactivated': same(ALERT_ROUTING),
  'messaging.task.completed': same(),
  'messaging.task.reopened': same(),
  // Chat.
  'messaging.chat_message.sent': same(),
  'messaging.chat_message.deleted': same(),
  'messaging.chat_message.pinned': same(),
  'messaging.chat_message.unpinned': same(),
  'messaging.conversation.read': same(),
  // Groups and memberships: what changes what a person sees.
  'auth.group.created': same(),
  'auth.group.updated': same(),
  'auth.group.deleted': same(),
  'auth.membership.added': same(),
  'auth.membership.accepted': same(),
  'auth.membership.removed': same(),
  'auth.membership.role_changed': same(),
  'auth.membership.activated': same(),
  // Alerts and counters, as the stream always sent them (the gateway reads the alert itself).
  'notifications.alert.delivered': { event: 'alert', omit: [] },
  'notifications.alert.read': { event: 'counters', omit: [] },
};

/** The live definition of an event type, or undefined when the stream does not carry it. */
/** The definitions, built once: the gateway asks for one per event and per open stream. */
const DEFINITIONS = new Map<string, LiveEventDefinition>(
  Object.entries(LIVE as Record<string, LiveEntry>).map(([type, entry]) => [
    type,
    Object.freeze({ ...entry, event: entry.event ?? type }),
  ]),
);

export function liveEventOf(type: string): LiveEventDefinition | undefined {
  return DEFINITIONS.get(type);
}

/** Every event type the stream carries, in catalogue order of this list. */
export const liveEventTypes = Object.keys(LIVE) as EventName[];

/**
 * `data` as the former audience receives it: the item's reference only (`{ message: { type, EID } }`),
 * and `left: true`.
 */
export function leftData(data: unknown): Record<string, unknown> {
  const message = (data as { message?: { type?: unknown; EID?: unknown } } | null)?.message;
  return { message: { type: message?.type, EID: message?.EID }, left: true };
}

/** `data` as the stream sends it: without the keys its definition leaves out. */
export function liveData(definition: LiveEventDefinition, data: unknown): Record<string, unknown> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
  if (definition.omit.length === 0) return data as Record<string, unknown>;
  return Object.fromEntries(Object.entries(data).filter(([key]) => !definition.omit.includes(key)));
}
