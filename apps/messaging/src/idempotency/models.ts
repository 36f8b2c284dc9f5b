/**
 * Idempotent posting: one document per `Idempotency-Key` of a caller in a network, in messaging's
 * own store (`message_idempotency_keys`), so a replay is answered across instances and restarts.
 * The unique index `{networkEID, callerEID, key}` is the claim (a unique insert is atomic on
 * MongoDB and FerretDB 1.24 alike); the TTL index on `created` lets MongoDB drop keys after 24
 * hours, and `created` is checked on read for stores without TTL indexes (FerretDB 1.24).
 */
import type { Logger } from '@ncs/service-kit';
import { Schema, type Connection, type Model } from 'mongoose';

/** How long a key answers with its first reply. */
export const IDEMPOTENCY_KEY_LIFETIME_S = 24 * 60 * 60;

export interface IdempotencyDoc {
  _id: unknown;
  networkEID: string;
  /** The caller's profile (or app) EID. */
  callerEID: string;
  key: string;
  /** SHA-256 (hex) of the route id, path parameters and canonical body of the first request. */
  requestHash: string;
  /** `pending` while the first request runs (until `until`), then `done` with its answer. */
  state: 'pending' | 'done';
  until: Date;
  status: number | null;
  /** The first answer's body as JSON text (message fields such as `$parentCommentEID` are not keys a store takes). */
  body: string | null;
  created: Date;
}

const idempotencySchema = new Schema(
  {
    networkEID: { type: String, required: true },
    callerEID: { type: String, required: true },
    key: { type: String, required: true },
    requestHash: { type: String, required: true },
    state: { type: String, enum: ['pending', 'done'], required: true },
    until: { type: Date, required: true },
    status: { type: Number, default: null },
    body: { type: String, default: null },
    created: { type: Date, required: true },
  },
  { strict: true, collection: 'message_idempotency_keys', versionKey: false },
);
idempotencySchema.index({ networkEID: 1, callerEID: 1, key: 1 }, { unique: true });

export function registerIdempotencyModel(connection: Connection): Model<IdempotencyDoc> {
  return connection.model<IdempotencyDoc>('MessageIdempotencyKey', idempotencySchema);
}

/**
 * The TTL index `{created: 1}` (24 hours), created at start rather than declared in the schema:
 * FerretDB 1.24 answers `NotImplemented` to `expireAfterSeconds`, which would stop the index sync
 * of every model. There the key's age is checked on read (replay.ts) and old keys stay until reused.
 */
export async function ensureIdempotencyExpiry(keys: Model<IdempotencyDoc>, logger: Logger): Promise<void> {
  try {
    await keys.collection.createIndex(
      { created: 1 },
      { expireAfterSeconds: IDEMPOTENCY_KEY_LIFETIME_S, name: 'created_ttl' },
    );
  } catch (error) {
    if ((error as { codeName?: unknown }).codeName !== 'NotImplemented') throw error;
    logger.info('the store has no TTL indexes: idempotency keys expire on read only');
  }
}
