/**
 * Notifications: app webhooks. Collections:
 * - `webhook_endpoints`: one per app and network (unique), with its signing secret sealed
 *   (secrets.ts) and its state (enabled, failing since, disabled at).
 * - `webhook_deliveries`: one per endpoint and event (unique `{networkEID, appEID, eventId}`: a
 *   redelivered event makes one delivery). It is its own queue: `nextAttemptAt` is set while an
 *   attempt is due (null once delivered or failed), read by the worker on `{ nextAttemptAt }`,
 *   the one query that spans the networks (like the push queue).
 * - `webhook_attempts`: the log of attempts of a delivery (status, duration, error).
 * - `webhook_claims`: a unique insert per (delivery, attempt, due time) claims an attempt, so two
 *   instances never send the same attempt (push/jobs.ts explains why on FerretDB 1.24).
 */
import { Schema, type Connection, type InferSchemaType, type Model, type Types } from 'mongoose';

const endpointSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    appEID: { type: String, required: true },
    secret: { type: String, required: true },
    secretCreated: { type: Date, required: true },
    enabled: { type: Boolean, default: true },
    failingSince: { type: Date, default: null },
    disabledAt: { type: Date, default: null },
    created: { type: Date, required: true },
  },
  { strict: true, collection: 'webhook_endpoints', versionKey: false },
);
endpointSchema.index({ networkEID: 1, appEID: 1 }, { unique: true });

const deliverySchema = new Schema(
  {
    networkEID: { type: String, required: true },
    appEID: { type: String, required: true },
    eventId: { type: String, required: true },
    eventType: { type: String, required: true },
    /** The body sent, as JSON text (sent byte for byte on every attempt). */
    payload: { type: String, required: true },
    url: { type: String, default: null },
    status: { type: String, enum: ['pending', 'delivered', 'failed'], default: 'pending' },
    /** Attempts made, with an outcome (what `numAttempts` shows). */
    attempts: { type: Number, default: 0 },
    /** Attempts claimed (due-claims.ts), a lost one included: what the limit counts. */
    claims: { type: Number, default: 0 },
    nextAttemptAt: { type: Date, default: null },
    /** A redelivery asked by the app: one attempt, no retries after it. */
    manual: { type: Boolean, default: false },
    lastStatusCode: { type: Number, default: null },
    created: { type: Date, required: true },
    deliveredAt: { type: Date, default: null },
  },
  { strict: true, collection: 'webhook_deliveries', versionKey: false },
);
deliverySchema.index({ networkEID: 1, appEID: 1, eventId: 1 }, { unique: true });
deliverySchema.index({ networkEID: 1, appEID: 1, _id: -1 });
deliverySchema.index({ networkEID: 1, appEID: 1, status: 1, _id: -1 });
deliverySchema.index({ nextAttemptAt: 1 });

const attemptSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    deliveryId: { type: String, required: true },
    at: { type: Date, required: true },
    trigger: { type: String, enum: ['scheduled', 'redeliver'], required: true },
    statusCode: { type: Number, default: null },
    durationMs: { type: Number, required: true },
    error: { type: String, default: null },
  },
  { strict: true, collection: 'webhook_attempts', versionKey: false },
);
attemptSchema.index({ networkEID: 1, deliveryId: 1, at: -1 });

const claimSchema = new Schema(
  {
    _id: { type: String, required: true },
    networkEID: { type: String, required: true },
    deliveryId: { type: String, required: true },
  },
  { strict: true, collection: 'webhook_claims', versionKey: false },
);
claimSchema.index({ networkEID: 1, deliveryId: 1 });

type WithId<T> = T & { readonly _id: Types.ObjectId };
export type WebhookEndpointDoc = WithId<InferSchemaType<typeof endpointSchema>>;
export type WebhookDeliveryDoc = WithId<InferSchemaType<typeof deliverySchema>>;
export type WebhookAttemptDoc = WithId<InferSchemaType<typeof attemptSchema>>;
interface WebhookClaimDoc {
  _id: string;
  networkEID: string;
  deliveryId: string;
}

export interface WebhookModels {
  readonly Endpoint: Model<WebhookEndpointDoc>;
  readonly Delivery: Model<WebhookDeliveryDoc>;
  readonly Attempt: Model<WebhookAttemptDoc>;
  readonly Claim: Model<WebhookClaimDoc>;
}

export function registerWebhookModels(connection: Connection): WebhookModels {
  return {
    Endpoint: connection.model<WebhookEndpointDoc>('WebhookEndpoint', endpointSchema),
    Delivery: connection.model<WebhookDeliveryDoc>('WebhookDelivery', deliverySchema),
    Attempt: connection.model<WebhookAttemptDoc>('WebhookAttempt', attemptSchema),
    Claim: connection.model<WebhookClaimDoc>('WebhookClaim', claimSchema),
  };
}
