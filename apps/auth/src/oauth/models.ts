/**
 * Collections of the OAuth server: the authorization page's requests and codes, and the sign-in
 * throttle's attempts. Clients and tokens are core's (core/client-models.ts): revocation and the
 * areas' app checks read them too.
 *
 * Failed sign-ins and locks (oauth/sign-in-throttle.ts), shared by every auth instance. One
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
import { timestamps, type StoredDocument } from '@ncs/service-kit';
import { Schema, type Connection, type InferSchemaType, type Model, type Types } from 'mongoose';

/**
 * One sign-in on the authorization page: the validated request, and where the person is in it.
 * The form carries an opaque token whose SHA-256 is `formTokenHash`; each step replaces it, so a
 * form can be posted once (CSRF and replay protection without cookies).
 */
const authorizationRequestSchema = new Schema(
  {
    formTokenHash: { type: String, required: true },
    stage: { type: String, enum: ['login', 'consent', 'done'], required: true },
    clientId: { type: String, required: true },
    redirectUri: { type: String, required: true },
    scope: { type: String, required: true },
    state: { type: String, required: true },
    networkEID: { type: String, required: true },
    codeChallenge: { type: String, default: null },
    accountId: { type: String, default: null },
    profileEID: { type: String, default: null },
    failedLogins: { type: Number, default: 0 },
    expiresAt: { type: Date, required: true },
  },
  { strict: true, timestamps, collection: 'oauth_authorization_requests' },
);
authorizationRequestSchema.index({ formTokenHash: 1 }, { unique: true });

/** An authorization code (RFC 6749 §4.1.2): only its SHA-256 is stored; single use. */
const authorizationCodeSchema = new Schema(
  {
    hash: { type: String, required: true },
    clientId: { type: String, required: true },
    redirectUri: { type: String, required: true },
    accountId: { type: String, required: true },
    networkEID: { type: String, required: true },
    scope: { type: String, required: true },
    /** PKCE S256 challenge (RFC 7636), when the client sent one. */
    codeChallenge: { type: String, default: null },
    /** The token family issued from the code: revoked when the code is presented again. */
    familyId: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    usedAt: { type: Date, default: null },
    /** Set when the code was presented again: tokens issued from it after that are revoked at once. */
    replayedAt: { type: Date, default: null },
  },
  { strict: true, timestamps, collection: 'oauth_codes' },
);
authorizationCodeSchema.index({ hash: 1 }, { unique: true });

const signInAttemptSchema = new Schema(
  {
    group: { type: String, required: true },
    /** Failures only: when the attempt was made (recent ones are counted over a sliding window). */
    at: { type: Date, default: null },
    /** Locks only: until when sign-in is refused. */
    blockedUntil: { type: Date, default: null },
    expiresAt: { type: Date, required: true },
  },
  { strict: true, collection: 'sign_in_attempts' },
);
signInAttemptSchema.index({ group: 1, blockedUntil: 1 });
signInAttemptSchema.index({ group: 1, at: 1 });
signInAttemptSchema.index({ expiresAt: 1 });

export type AuthorizationRequestDoc = InferSchemaType<typeof authorizationRequestSchema> & StoredDocument;
export type AuthorizationCodeDoc = InferSchemaType<typeof authorizationCodeSchema> & StoredDocument;
export type SignInAttemptDoc = InferSchemaType<typeof signInAttemptSchema> & { _id: Types.ObjectId };

export interface OAuthModels {
  readonly AuthorizationRequest: Model<AuthorizationRequestDoc>;
  readonly AuthorizationCode: Model<AuthorizationCodeDoc>;
  readonly SignInAttempt: Model<SignInAttemptDoc>;
}

export function registerOAuthModels(connection: Connection): OAuthModels {
  return {
    AuthorizationRequest: connection.model<AuthorizationRequestDoc>(
      'AuthorizationRequest',
      authorizationRequestSchema,
    ),
    AuthorizationCode: connection.model<AuthorizationCodeDoc>('AuthorizationCode', authorizationCodeSchema),
    SignInAttempt: connection.model<SignInAttemptDoc>('SignInAttempt', signInAttemptSchema),
  };
}
