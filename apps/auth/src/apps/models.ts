/**
 * Collections of the apps area, registered on the auth service's connection. The app itself is
 * the core `Client` (its redirect URIs included) and its installations the core `Installation`
 * (core/client-models.ts); this area adds the rest of the manifest, the signing secret of signed requests
 * and the record of users' code-flow grants per network.
 * Every tenant document carries `networkEID`, and its indexes start with it (ARCHITECTURE §10);
 * manifests and signing keys belong to an app, not to a network.
 */
import { timestamps, type StoredDocument } from '@ncs/service-kit';
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';

/** One entry point of a manifest (spec: App entry point), defaults applied when registered. */
const entryPointSchema = new Schema(
  {
    name: { type: String, required: true, maxlength: 50 },
    context: { type: String, enum: ['external', 'appMenuItem', 'widget', 'lightbox'], required: true },
    url: { type: String, required: true, maxlength: 2000 },
    includeExternalUsers: { type: Boolean, default: true },
    fallbackUrl: { type: String, default: null, maxlength: 2000 },
    urlAppendNetwork: { type: Boolean, default: false },
    hasMenuItem: { type: Boolean, default: false },
    isDynamic: { type: Boolean, default: false },
    widgetHeight: { type: Number, default: null },
    lightboxTemplate: { type: String, default: null, maxlength: 50 },
    localLabel: { type: String, default: null, maxlength: 100 },
  },
  { _id: false, strict: true },
);

/** The manifest of an app beyond its redirect URIs (kept on the client), keyed by `clientId`. */
const appManifestSchema = new Schema(
  {
    clientId: { type: String, required: true },
    description: { type: String, default: '', maxlength: 2000 },
    entryPoints: { type: [entryPointSchema], default: [] },
    permissions: { type: [String], default: [] },
    events: {
      url: { type: String, default: null, maxlength: 2000 },
      subscriptions: { type: [String], default: [] },
    },
  },
  { strict: true, timestamps, collection: 'app_manifests' },
);
appManifestSchema.index({ clientId: 1 }, { unique: true });

/**
 * The key of an app's signed requests (HMAC-SHA256). Unlike a client secret it cannot be stored as
 * a hash: signing needs the key itself. Read only where requests are signed.
 */
const appSigningKeySchema = new Schema(
  {
    clientId: { type: String, required: true },
    keyId: { type: String, required: true },
    secret: { type: String, required: true },
  },
  { strict: true, timestamps, collection: 'app_signing_keys' },
);
appSigningKeySchema.index({ clientId: 1 }, { unique: true });

/**
 * A user's acceptance of an app on the authorization page: the token family the code starts, so
 * the user (authorized apps) and network administrators (removing the app) can revoke it.
 */
const appGrantSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    clientId: { type: String, required: true },
    familyId: { type: String, required: true },
    scope: { type: String, required: true },
  },
  { strict: true, timestamps, collection: 'app_grants' },
);
// A person's grants, oldest first (one app's among them filtered in the scan: a person has few).
appGrantSchema.index({ networkEID: 1, profileEID: 1, created: 1, _id: 1 });
appGrantSchema.index({ networkEID: 1, clientId: 1 });

export type AppEntryPointDoc = InferSchemaType<typeof entryPointSchema>;
export type AppManifestDoc = InferSchemaType<typeof appManifestSchema> & StoredDocument;
export type AppSigningKeyDoc = InferSchemaType<typeof appSigningKeySchema> & StoredDocument;
export type AppGrantDoc = InferSchemaType<typeof appGrantSchema> & StoredDocument;

export interface AppsModels {
  readonly AppManifest: Model<AppManifestDoc>;
  readonly AppSigningKey: Model<AppSigningKeyDoc>;
  readonly AppGrant: Model<AppGrantDoc>;
}

export function registerAppsModels(connection: Connection): AppsModels {
  return {
    AppManifest: connection.model<AppManifestDoc>('AppManifest', appManifestSchema),
    AppSigningKey: connection.model<AppSigningKeyDoc>('AppSigningKey', appSigningKeySchema),
    AppGrant: connection.model<AppGrantDoc>('AppGrant', appGrantSchema),
  };
}
