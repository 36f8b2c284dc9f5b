/**
 * Notifications: app webhooks. Which JetStream events are deliverable, as which webhook
 * event type, and the payload `{type, timestamp, data}` an app receives (pure). Payloads carry
 * references and names only, never a message's text or anything secret, and only the event's
 * network: the app reads more with its own token, under its own permissions. Private messages
 * (a `recipients` list) are never delivered.
 */
import { toTimestamp, type DomainEvent, type ResourceRef, type WebhookEventType } from '@ncs/contracts';

/** The JetStream subjects the webhooks consumer reads, by the webhook event type each makes. */
const SOURCES: Readonly<Record<string, WebhookEventType>> = {
  'messaging.message.created': 'message.created',
  'auth.group.created': 'group.created',
  'auth.group.deleted': 'group.deleted',
  'auth.membership.added': 'membership.added',
  'auth.membership.removed': 'membership.removed',
  'auth.membership.activated': 'user.joined',
};

export const WEBHOOK_EVENT_SUBJECTS = Object.keys(SOURCES).map((type) => `events.${type}`);

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

function pick(value: unknown, keys: readonly string[]): Record<string, unknown> | null {
  const ref = refOf(value);
  if (ref === null) return null;
  const source = value as Record<string, unknown>;
  const extra = keys.filter(
    (k) => ['string', 'number', 'boolean'].includes(typeof source[k]) || source[k] === null,
  );
  return { ...ref, ...Object.fromEntries(extra.map((k) => [k, source[k]])) };
}

function messageData(data: Record<string, unknown>): Record<string, unknown> | null {
  const message = data.message as Record<string, unknown> | undefined;
  const ref = refOf(message);
  if (ref === null || message === undefined) return null;
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

function dataOf(type: WebhookEventType, data: Record<string, unknown>): Record<string, unknown> | null {
  const group = pick(data.group, ['name', 'groupType']);
  const user = refOf(data.user);
  switch (type) {
    case 'message.created':
      return messageData(data);
    case 'group.created':
    case 'group.deleted':
      return group && { group };
    case 'membership.added':
    case 'membership.removed':
      if (data.state !== 'active' || !group || !user) return null;
      return { group, user, ...(typeof data.role === 'string' ? { role: data.role } : {}) };
    case 'user.joined':
      return data.state === 'active' && user ? { user } : null;
  }
}

/** The webhook payload of a JetStream event, or null when it is not delivered to apps. */
export function webhookPayloadOf(event: DomainEvent): WebhookPayload | null {
  const type = SOURCES[event.type];
  if (type === undefined || event.networkEID === undefined) return null;
  const data = dataOf(type, event.data);
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
