/**
 * Notifications: app webhooks. The event types an app may name in its manifest's
 * `events.subscriptions` (a closed list): each is delivered to the app's `events.url` from the
 * networks it is installed in. Here, in the apps area, because the manifest validates against it;
 * the webhooks area builds on it. Decisions: docs/decisions.md, "Notifications: app webhooks".
 */
import { Type } from '@sinclair/typebox';

export const webhookEventTypes = [
  'message.created',
  'group.created',
  'group.deleted',
  'membership.added',
  'membership.removed',
  'user.joined',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** One `enum`, not a union of literals: a refusal then names the allowed values. */
export const WebhookEventTypeSchema = Type.Unsafe<WebhookEventType>({
  type: 'string',
  enum: [...webhookEventTypes],
  description: 'A deliverable event type (closed list)',
});
