/**
 * The two collections behind domain events (ARCHITECTURE §6, §10): a service's `outbox` of events
 * waiting for JetStream, and each consumer's `processed_events` for idempotency. Models are
 * compiled once per connection, on that connection (no global mongoose).
 */
import mongoose from 'mongoose';

export interface OutboxEventRecord {
  /** The event id (`DomainEvent.id`), also the `Nats-Msg-Id`. */
  _id: mongoose.Types.ObjectId;
  subject: string;
  /**
   * The DomainEvent as JSON, published byte for byte. Stored as a string because event data is
   * the caller's: it may hold keys with `.` or a leading `$`, or nested arrays, which FerretDB
   * refuses, and mongoose must not cast or drop any of it.
   */
  payload: string;
  /** Not used by the relay's queries (it runs across tenants); kept for operators. */
  networkEID?: string;
  /** W3C trace context of the request that recorded the event, so the publish joins its trace. */
  traceparent?: string;
  tracestate?: string;
  createdAt: Date;
  /** null until JetStream acknowledged the event. */
  publishedAt: Date | null;
  streamSequence?: number;
  attempts: number;
  lastError?: string;
}

export interface ProcessedEventRecord {
  /** The durable consumer name. */
  consumer: string;
  eventId: string;
  subject: string;
  processedAt: Date;
}

const outboxEventSchema = new mongoose.Schema<OutboxEventRecord>(
  {
    _id: { type: mongoose.Schema.Types.ObjectId, required: true },
    subject: { type: String, required: true },
    payload: { type: String, required: true },
    networkEID: { type: String },
    traceparent: { type: String },
    tracestate: { type: String },
    createdAt: { type: Date, required: true },
    publishedAt: { type: Date, default: null },
    streamSequence: { type: Number },
    attempts: { type: Number, default: 0 },
    lastError: { type: String },
  },
  { collection: 'outbox', strict: true, versionKey: false },
);
// The relay's query: unpublished events in order of creation.
outboxEventSchema.index({ publishedAt: 1, createdAt: 1, _id: 1 });

const processedEventSchema = new mongoose.Schema<ProcessedEventRecord>(
  {
    consumer: { type: String, required: true },
    eventId: { type: String, required: true },
    subject: { type: String, required: true },
    processedAt: { type: Date, required: true },
  },
  { collection: 'processed_events', strict: true, versionKey: false },
);
processedEventSchema.index({ consumer: 1, eventId: 1 }, { unique: true });
processedEventSchema.index({ processedAt: 1 });

const outboxModels = new WeakMap<mongoose.Connection, mongoose.Model<OutboxEventRecord>>();
const processedModels = new WeakMap<mongoose.Connection, mongoose.Model<ProcessedEventRecord>>();

export function outboxEventModel(connection: mongoose.Connection): mongoose.Model<OutboxEventRecord> {
  let model = outboxModels.get(connection);
  if (model === undefined) {
    model = connection.model<OutboxEventRecord>('OutboxEvent', outboxEventSchema);
    outboxModels.set(connection, model);
  }
  return model;
}

export function processedEventModel(connection: mongoose.Connection): mongoose.Model<ProcessedEventRecord> {
  let model = processedModels.get(connection);
  if (model === undefined) {
    model = connection.model<ProcessedEventRecord>('ProcessedEvent', processedEventSchema);
    processedModels.set(connection, model);
  }
  return model;
}
