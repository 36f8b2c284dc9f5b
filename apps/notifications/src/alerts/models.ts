/**
 * The alert collections, registered once on the service's own connection (STYLE.md §3). Every
 * document carries `networkEID` and every index starts with it, then the recipient (ARCHITECTURE
 * §10). Decisions: docs/decisions.md, "Notifications: alerts".
 *
 * - `alerts`: the coalesced view, one document per coalesced alert. `openKey` is what merges:
 *   `<type>|<subject>` while the alert is unread and may take more occurrences, `e:<eventId>` for an
 *   alert that never merges (actionable), `read:<EID>` once read. The unique index on it makes
 *   "at most one open alert per type, subject and recipient" hold under concurrency, without
 *   partial indexes (FerretDB 1.x has none).
 * - `alert_occurrences`: each occurrence (one event for one recipient), the individual view; the
 *   unique index on the event id makes an event delivered twice one occurrence. `alertId` names
 *   the coalesced alert it belongs to: what that alert counts is derived from them (aggregates.ts).
 *   It is written before its alert, already linked, and `merged` once the alert is (writing.ts).
 */
import { Schema, type Connection, type InferSchemaType, type Model, type Types } from 'mongoose';
import { alertCategories, alertTypes } from '@ncs/contracts';
import type { StoredDocument } from '@ncs/service-kit';

const refSchema = new Schema(
  { type: { type: String, required: true }, EID: { type: String, required: true } },
  {
    _id: false,
  },
);

const alertSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    recipientEID: { type: String, required: true },
    alertType: { type: String, enum: alertTypes, required: true },
    category: { type: String, enum: alertCategories, required: true },
    actionable: { type: Boolean, required: true },
    read: { type: Boolean, default: false },
    openKey: { type: String, required: true },
    subject: { type: refSchema, default: null },
    /** The latest occurrence's, as JSON text (event data is the producer's: keys may hold `.` or `$`). */
    appData: { type: String, default: null },
    created: { type: Date, required: true },
    lastModified: { type: Date, required: true },
  },
  { strict: true, collection: 'alerts', versionKey: false },
);
alertSchema.index({ networkEID: 1, recipientEID: 1, openKey: 1 }, { unique: true });
// The list (newest first) and the bounded counts, with and without the filters.
alertSchema.index({ networkEID: 1, recipientEID: 1, lastModified: -1, _id: -1 });
alertSchema.index({ networkEID: 1, recipientEID: 1, read: 1, category: 1, lastModified: -1, _id: -1 });
alertSchema.index({ networkEID: 1, recipientEID: 1, read: 1, actionable: 1 });

const occurrenceSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    recipientEID: { type: String, required: true },
    eventId: { type: String, required: true },
    /** The coalesced alert it joins: set when the occurrence is written, before that alert is. */
    alertId: { type: String, default: null },
    /** True once its alert is written (absent on older rows: merged when linked). */
    merged: { type: Boolean },
    alertType: { type: String, enum: alertTypes, required: true },
    category: { type: String, enum: alertCategories, required: true },
    actionable: { type: Boolean, required: true },
    read: { type: Boolean, default: false },
    subject: { type: refSchema, default: null },
    originator: { type: refSchema, default: null },
    groupEIDs: { type: [String], default: [] },
    appData: { type: String, default: null },
    created: { type: Date, required: true },
  },
  { strict: true, collection: 'alert_occurrences', versionKey: false },
);
occurrenceSchema.index({ networkEID: 1, recipientEID: 1, eventId: 1 }, { unique: true });
occurrenceSchema.index({ networkEID: 1, recipientEID: 1, created: -1, _id: -1 });
occurrenceSchema.index({ networkEID: 1, recipientEID: 1, read: 1, category: 1, created: -1, _id: -1 });
occurrenceSchema.index({ networkEID: 1, recipientEID: 1, alertId: 1 });
// Notifications (the live stream): the caller's events after an id, in id order.
occurrenceSchema.index({ networkEID: 1, recipientEID: 1, _id: 1 });

export type AlertDoc = InferSchemaType<typeof alertSchema> & { readonly _id: Types.ObjectId };
export type OccurrenceDoc = InferSchemaType<typeof occurrenceSchema> & Pick<StoredDocument, '_id'>;

/** What runs once an alert is written, whoever wrote it (push queues its delivery). */
export type AlertWrittenHook = (written: {
  readonly networkEID: string;
  readonly recipientEID: string;
  readonly eventId: string;
  readonly alertId: string;
  readonly alertType: string;
}) => Promise<void>;

export interface AlertModels {
  readonly Alert: Model<AlertDoc>;
  readonly Occurrence: Model<OccurrenceDoc>;
  /** Called by deliverAlert (alerts/writing.ts) for every alert written, by every producer. */
  readonly onWritten?: AlertWrittenHook;
  // Notifications (the live stream): told after each write a stream shows.
  readonly live?: LiveNotices;
}

/** An alert occurrence written and merged: what its recipient's stream is told. */
export interface DeliveredAlert {
  readonly networkEID: string;
  readonly recipientEID: string;
  readonly alertId: string;
  readonly occurrenceId: string;
  readonly alertType: string;
}

// Notifications: the live stream, implemented by stream/live.ts.
export interface LiveNotices {
  /** Records that an alert reached its recipient (their open streams show it). */
  delivered(alert: DeliveredAlert): Promise<void>;
  /** Records that a person marked alerts read (their streams' counters change). */
  read(networkEID: string, readerEID: string, numMarked: number): Promise<void>;
}

export function registerAlertModels(connection: Connection, onWritten?: AlertWrittenHook): AlertModels {
  return {
    ...(onWritten ? { onWritten } : {}),
    Alert: connection.model<AlertDoc>('Alert', alertSchema),
    Occurrence: connection.model<OccurrenceDoc>('AlertOccurrence', occurrenceSchema),
  };
}
