/**
 * Failed sign-ins and locks (domain/sign-in-throttle.ts), shared by every auth instance. One
 * document per counted attempt, grouped by `<kind>:<sha256>:<window index>`, and one per lock,
 * grouped by `<kind>:<sha256>:lock`; the kind is `account` (the submitted sign-in name, whether or
 * not such an account exists) or `address`. Only hashes are stored, never names or addresses.
 *
 * Why a document per attempt rather than a counter: an insert is atomic on every store, while
 * FerretDB 1.x applies `$inc` in `findAndModify` as a read and a write, so parallel increments are
 * lost (measured: 20 parallel `$inc` upserts ended at 11). Counting inserted documents cannot lose
 * one. Documents past `expiresAt` are purged now and then (FerretDB 1.x has no TTL indexes); the
 * rules never depend on that cleanup, only on the window in the group and on dates.
 */
import { Schema, type Connection, type InferSchemaType, type Model, type Types } from 'mongoose';

const signInAttemptSchema = new Schema(
  {
    group: { type: String, required: true },
    /** Locks only: until when sign-in is refused. */
    blockedUntil: { type: Date, default: null },
    expiresAt: { type: Date, required: true },
  },
  { strict: true, collection: 'sign_in_attempts' },
);
signInAttemptSchema.index({ group: 1, blockedUntil: 1 });
signInAttemptSchema.index({ expiresAt: 1 });

export type SignInAttemptDoc = InferSchemaType<typeof signInAttemptSchema> & { _id: Types.ObjectId };

export interface SignInModels {
  readonly SignInAttempt: Model<SignInAttemptDoc>;
}

export function registerSignInModels(connection: Connection): SignInModels {
  return { SignInAttempt: connection.model<SignInAttemptDoc>('SignInAttempt', signInAttemptSchema) };
}
