/**
 * Pins: one document per pinned message, naming its timeline, for the timeline's pinned list (most
 * recent pin first). The message itself carries `pinnedIn` for its flag, so a page of messages shows
 * it without a query. Every index starts with `networkEID` (ARCHITECTURE §10).
 */
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import type { StoredDocument } from '@ncs/service-kit';
import type { CoreStore } from '../messages/features.js';

const pinSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    /** The message's `timelineKey` when it was pinned. */
    timelineKey: { type: String, required: true },
    messageEID: { type: String, required: true },
    pinnedBy: { type: String, required: true },
    pinnedAt: { type: Date, required: true },
  },
  { strict: true, timestamps: false, collection: 'timeline_pins' },
);
// A message is pinned once.
pinSchema.index({ networkEID: 1, messageEID: 1 }, { unique: true });
// A timeline's pins, most recent first.
pinSchema.index({ networkEID: 1, timelineKey: 1, pinnedAt: -1, _id: -1 });

export type PinDoc = InferSchemaType<typeof pinSchema> & Pick<StoredDocument, '_id'>;

export function registerPinModel(connection: Connection): Model<PinDoc> {
  return connection.model<PinDoc>('TimelinePin', pinSchema);
}

/** What the pins area works with: the core's collections and the pins. */
export interface PinStore extends CoreStore {
  readonly Pin: Model<PinDoc>;
}
