/**
 * Notifications: app webhooks. Which JetStream events are deliverable, as which webhook
 * event type, and the payload `{type, timestamp, data}` an app receives (pure). Payloads carry
 * references and names only, never a message's text or anything secret, and only the event's
 * network: the app reads more with its own token, under its own permissions. Private messages
 * (a `recipients` list) are never delivered.
 */
import {
  isCatalogueEvent,
  toTimestamp,
  type CatalogueEvent,
  type DomainEvent,
  type ResourceRef,
  type WebhookEventType,
} from '@ncs/contracts';

/** The catalogued events the webhooks consumer reads, by the webhook event type each makes. */
const SOURCES = {
  'messaging.message.created': 'message.created',
  'auth.group.created': 'group.created',
  'auth.group.deleted': 'group.deleted',
  'auth.membership.added': 'membership.added',
  'auth.membership.removed': 'membership.removed',
  'auth.membership.activated': 'user.joined',
} as const satisfies Readonly<Record<string, WebhookEventType>>;

type SourceName = keyof typeof SOURCES;
type SourceEvent = CatalogueEvent<SourceName>;

/** What the webhooks consumer takes (and subscribes to). */
export const WEBHOOK_EVENTS = Object.keys(SOURCES) as SourceName[];

export interface WebhookPayload {
  readonly type: WebhookEventType;
  readonly timestamp: string;
  readonly data: Record<string, unknown>;
}

function refOf(value: unknown): ResourceRef | null {
  if (typeof value !== 'object' || value === null) return null;
  const { type, EID } = value as Record<string, unknown>;
  return typeof type === 'string' && typeof EID === 'string' ? { type, EID } : null;
}

function messageData(message: CatalogueEvent<'messaging.message.created'>['data']['message']) {
  const ref = refOf(message);
  if (ref === null) return null;
  if (ref.type === 'private_message' || Array.isArray(message.recipients)) return null;
  return {
    message: {
      ...ref,
      author: refOf(message.author),
      group: refOf(message.group),
      profile: refOf(message.profile),
    },
  };
}

type GroupSummary = CatalogueEvent<'auth.group.created'>['data']['group'];

/** A group as apps are told of it: its reference, name and type, nothing more. */
const groupOf = ({ type, EID, name, groupType }: GroupSummary) => ({ type, EID, name, groupType });
const userOf = ({ type, EID }: ResourceRef) => ({ type, EID });

/** What the app is told of an event: references and names picked from its data. */
function dataOf(event: SourceEvent): Record<string, unknown> | null {
  switch (event.type) {
    case 'messaging.message.created':
      return messageData(event.data.message);
    case 'auth.group.created':
    case 'auth.group.deleted':
      return { group: groupOf(event.data.group) };
    case 'auth.membership.added':
    case 'auth.membership.removed': {
      const { group, user, state, role } = event.data;
      // An invitation is not a membership yet.
      if (state !== 'active') return null;
      return { group: groupOf(group), user: userOf(user), role };
    }
    case 'auth.membership.activated':
      return { user: userOf(event.data.user) };
  }
}

/** The webhook payload of a JetStream event, or null when it is not delivered to apps. */
export function webhookPayloadOf(event: DomainEvent): WebhookPayload | null {
  if (!isCatalogueEvent(event, WEBHOOK_EVENTS) || event.networkEID === undefined) return null;
  const type = SOURCES[event.type];
  const data = dataOf(event);
  if (data === null) return null;
  const occurred = new Date(event.occurredAt);
  return {
    type,
    timestamp: toTimestamp(Number.isNaN(occurred.getTime()) ? new Date() : occurred),
    data: {
      network: { type: 'network', EID: event.networkEID },
      ...(event.actor ? { actor: refOf(event.actor) } : {}),
      ...data,
    },
  };
}
