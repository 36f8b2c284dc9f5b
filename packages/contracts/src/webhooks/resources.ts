/**
 * Notifications: app webhooks. What an app reads of its webhook in a network: the
 * endpoint's state, its signing secret, the delivery log with each delivery's attempts. Decisions:
 * docs/decisions.md, "Notifications: app webhooks".
 */
import { Type } from '@sinclair/typebox';
import { PageLimit } from '../core/pagination.js';
import {
  EID_PATTERN,
  Eid,
  halCollection,
  halResource,
  Nullable,
  Ref,
  strictObject,
  Timestamp,
} from '../core/schemas.js';

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** Attempts shown on one delivery (the newest). */
export const WEBHOOK_ATTEMPTS_SHOWN = 50;

export const WebhookEndpointResource = halResource(
  'webhook_endpoint',
  {
    EID: Eid,
    app: Ref('app'),
    url: Nullable(Type.String({ description: "The manifest's `events.url` now (null: none)" })),
    subscriptions: Type.Array(Type.String(), { description: "The manifest's `events.subscriptions` now" }),
    enabled: Type.Boolean({
      description: 'false once it failed for the disable window; re-enable with `enable`',
    }),
    failingSince: Nullable(Timestamp),
    disabledAt: Nullable(Timestamp),
    created: Timestamp,
  },
  "An app's webhook endpoint in a network: where deliveries go and whether it is enabled.",
);

export const WebhookSecretResource = halResource(
  'webhook_secret',
  {
    EID: Type.String({ pattern: EID_PATTERN, description: 'The webhook endpoint the secret signs for' }),
    app: Ref('app'),
    secret: Type.String({ description: 'Standard Webhooks secret, `whsec_` and 32 random bytes in base64' }),
    created: Timestamp,
  },
  'The secret the deliveries of the app in this network are signed with (HMAC-SHA256).',
);

export const WebhookAttempt = Type.Object(
  {
    at: Timestamp,
    trigger: Type.Union([Type.Literal('scheduled'), Type.Literal('redeliver')]),
    statusCode: Nullable(Type.Integer({ description: 'HTTP status answered; null when none' })),
    durationMs: Type.Integer({ minimum: 0 }),
    error: Nullable(Type.String({ description: 'Why no 2xx: timeout, connection error, refused address…' })),
  },
  { additionalProperties: false },
);

export const WebhookDeliveryResource = halResource(
  'webhook_delivery',
  {
    EID: Eid,
    app: Ref('app'),
    msgId: Type.String({ description: 'The `webhook-id` header: the same on every attempt' }),
    eventType: Type.String(),
    eventId: Type.String(),
    status: Type.Union(webhookDeliveryStatuses.map((s) => Type.Literal(s))),
    numAttempts: Type.Integer({ minimum: 0 }),
    nextAttemptAt: Nullable(Timestamp),
    lastStatusCode: Nullable(Type.Integer()),
    payload: Type.Object(
      {},
      { additionalProperties: true, description: 'The body sent: `{type, timestamp, data}`' },
    ),
    created: Timestamp,
    deliveredAt: Nullable(Timestamp),
    attempts: Type.Optional(
      Type.Array(WebhookAttempt, {
        description: `One delivery only: its newest ${WEBHOOK_ATTEMPTS_SHOWN} attempts, newest first`,
      }),
    ),
  },
  'One event sent to the endpoint, retried until answered 2xx or its attempts are spent.',
);

export const WebhookDeliveryCollection = halCollection(
  'deliveries',
  WebhookDeliveryResource,
  'The delivery log, newest first; `before` continues after a delivery (keyset). `total` stops at 1000.',
);

export const WebhookDeliveryListQuery = strictObject({
  limit: Type.Optional(PageLimit),
  before: Type.Optional(
    Type.String({ pattern: EID_PATTERN, description: 'Only deliveries older than this one (its EID)' }),
  ),
  status: Type.Optional(Type.Union(webhookDeliveryStatuses.map((s) => Type.Literal(s)))),
});

export const WebhookParams = strictObject({ networkEID: Eid, appEID: Eid });
export const WebhookDeliveryParams = strictObject({ networkEID: Eid, appEID: Eid, deliveryEID: Eid });
