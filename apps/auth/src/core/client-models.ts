/**
 * The collections every area reads about apps and their tokens: the OAuth client (an app is one,
 * its redirect URIs included), its installations in networks (what a client-credentials token may
 * touch) and the tokens themselves (hashed). Core because callers, revocation and the areas'
 * app checks all read them; the OAuth flows (oauth/models.ts) and app manifests (apps/models.ts)
 * keep the rest.
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

/** An app installed in a network: what a client-credentials token may touch. */
const installationSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    clientId: { type: String, required: true },
    /** Application permissions in the network, e.g. `infinite_limit`. */
    permissions: { type: [String], default: [] },
  },
  { strict: true, timestamps, collection: 'app_installations' },
);
installationSchema.index({ networkEID: 1, clientId: 1 }, { unique: true });
installationSchema.index({ clientId: 1 });
// A network's installed apps, oldest first.
installationSchema.index({ networkEID: 1, created: 1, _id: 1 });

export type ClientDoc = InferSchemaType<typeof clientSchema> & StoredDocument;
export type TokenDoc = InferSchemaType<typeof tokenSchema> & { _id: Types.ObjectId; created: Date };
export type InstallationDoc = InferSchemaType<typeof installationSchema> & StoredDocument;

export interface ClientModels {
  readonly Client: Model<ClientDoc>;
  readonly Token: Model<TokenDoc>;
  readonly Installation: Model<InstallationDoc>;
}

export function registerClientModels(connection: Connection): ClientModels {
  return {
    Client: connection.model<ClientDoc>('Client', clientSchema),
    Token: connection.model<TokenDoc>('Token', tokenSchema),
    Installation: connection.model<InstallationDoc>('Installation', installationSchema),
  };
}
