/**
 * Collections of the OAuth server: clients, tokens (hashed), the authorization page's requests
 * and codes, and the sign-in throttle's attempts.
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

const clientSchema = new Schema(
  {
    clientId: { type: String, required: true },
    name: { type: String, required: true },
    secretHash: { type: String, required: true },
    firstParty: { type: Boolean, default: false },
    grantTypes: { type: [String], default: [] },
    redirectUris: { type: [String], default: [] },
  },
  { strict: true, timestamps, collection: 'oauth_clients' },
);
clientSchema.index({ clientId: 1 }, { unique: true });

const tokenSchema = new Schema(
  {
    /** SHA-256 (hex) of the opaque token; the token itself is never stored. */
    hash: { type: String, required: true },
    kind: { type: String, enum: ['access', 'refresh'], required: true },
    accountId: { type: String, default: null },
    clientId: { type: String, required: true },
    /** All tokens descended from one grant share a family; reuse of a rotated refresh token revokes it. */
    familyId: { type: String, required: true },
    /** How the family began: code-flow access tokens do not expire; password ones live an hour. */
    grantType: {
      type: String,
      enum: ['password', 'authorization_code', 'client_credentials'],
      default: 'password',
    },
    /** Code-flow tokens act in the one network the person signed in to; null: every membership. */
    networkEID: { type: String, default: null },
    scope: { type: String, default: null },
    expiresAt: { type: Date, default: null },
    usedAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
  },
  { strict: true, timestamps: { createdAt: 'created', updatedAt: false }, collection: 'tokens' },
);
tokenSchema.index({ hash: 1 }, { unique: true });
tokenSchema.index({ familyId: 1 });
// Directory: the shapes the token queries take (equality keys, then the range or sort).
// Removing an app: `{clientId, grantType}` (its client-credentials tokens, live and unexpired).
tokenSchema.index({ clientId: 1, grantType: 1, revokedAt: 1, expiresAt: 1 });
// An account's live tokens (a password set, a suspension; sessions, newest first)…
tokenSchema.index({ accountId: 1, revokedAt: 1, created: -1 });
// …and those bound to one network (a membership removed while the account stays elsewhere).
tokenSchema.index({ accountId: 1, networkEID: 1, revokedAt: 1 });

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

export type ClientDoc = InferSchemaType<typeof clientSchema> & StoredDocument;
export type TokenDoc = InferSchemaType<typeof tokenSchema> & { _id: Types.ObjectId; created: Date };
export type AuthorizationRequestDoc = InferSchemaType<typeof authorizationRequestSchema> & StoredDocument;
export type AuthorizationCodeDoc = InferSchemaType<typeof authorizationCodeSchema> & StoredDocument;
export type SignInAttemptDoc = InferSchemaType<typeof signInAttemptSchema> & { _id: Types.ObjectId };

export interface OAuthModels {
  readonly Client: Model<ClientDoc>;
  readonly Token: Model<TokenDoc>;
  readonly AuthorizationRequest: Model<AuthorizationRequestDoc>;
  readonly AuthorizationCode: Model<AuthorizationCodeDoc>;
  readonly SignInAttempt: Model<SignInAttemptDoc>;
}

export function registerOAuthModels(connection: Connection): OAuthModels {
  return {
    Client: connection.model<ClientDoc>('Client', clientSchema),
    Token: connection.model<TokenDoc>('Token', tokenSchema),
    AuthorizationRequest: connection.model<AuthorizationRequestDoc>(
      'AuthorizationRequest',
      authorizationRequestSchema,
    ),
    AuthorizationCode: connection.model<AuthorizationCodeDoc>('AuthorizationCode', authorizationCodeSchema),
    SignInAttempt: connection.model<SignInAttemptDoc>('SignInAttempt', signInAttemptSchema),
  };
}
