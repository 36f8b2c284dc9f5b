/**
 * Notifications: app webhooks. Auth owns manifests and installations; notifications never reads
 * them itself and asks auth which apps an event reaches.
 */
import { Type, type Static } from '@sinclair/typebox';
import { defineInternalSubject } from '../core/internal-subject.js';

export const WebhookSubscribersRequestSchema = Type.Object({
  eventType: Type.Optional(Type.String()),
  appEID: Type.Optional(Type.String()),
});
export type WebhookSubscribersRequest = Static<typeof WebhookSubscribersRequestSchema>;
export const WebhookSubscriberSchema = Type.Object({
  appEID: Type.String(),
  url: Type.Union([Type.String(), Type.Null()]),
  subscriptions: Type.Array(Type.String()),
});
export type WebhookSubscriber = Static<typeof WebhookSubscriberSchema>;
export const WebhookSubscribersReplySchema = Type.Object({ apps: Type.Array(WebhookSubscriberSchema) });
export type WebhookSubscribersReply = Static<typeof WebhookSubscribersReplySchema>;

export const webhooksInternalSubjects = {
  webhookSubscribers: defineInternalSubject({
    service: 'auth',
    resource: 'app',
    action: 'webhookSubscribers',
    description:
      'Notifications → auth (app webhooks): the apps installed in `ctx.networkEID` whose manifest subscribes to `eventType`, or (with `appEID`) that one app if installed there, with their `events`.',
    request: WebhookSubscribersRequestSchema,
    reply: WebhookSubscribersReplySchema,
  }),
} as const;
