/**
 * White-label apps of a network. Unique per network, project and platform. `numNetworks` counts
 * the networks that registered the same project and platform: the one query not scoped to a
 * network (the app serves several), on its own index, bounded by the networks one app serves
 * (docs/decisions.md, "Notifications: devices, push and white-label apps").
 */
import { Schema, type Connection, type InferSchemaType, type Model, type Types } from 'mongoose';
import { notificationProviders, whitelabelPlatforms } from '@ncs/contracts';

const whitelabelAppSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    projectId: { type: String, required: true },
    notificationProvider: { type: String, enum: notificationProviders, required: true },
    notificationProviderVersion: { type: String, required: true },
    platform: { type: String, enum: whitelabelPlatforms, required: true },
    downloadUrl: { type: String, required: true },
    appStoreUrl: { type: String, default: null },
    googlePlayUrl: { type: String, default: null },
    created: { type: Date, required: true },
  },
  { strict: true, collection: 'whitelabel_apps', versionKey: false },
);
whitelabelAppSchema.index({ networkEID: 1, projectId: 1, platform: 1 }, { unique: true });
whitelabelAppSchema.index({ networkEID: 1, created: 1, _id: 1 });
whitelabelAppSchema.index({ projectId: 1, platform: 1, networkEID: 1 });

export type WhitelabelAppDoc = InferSchemaType<typeof whitelabelAppSchema> & { readonly _id: Types.ObjectId };

export interface WhitelabelModels {
  readonly WhitelabelApp: Model<WhitelabelAppDoc>;
}

export function registerWhitelabelModels(connection: Connection): WhitelabelModels {
  return { WhitelabelApp: connection.model<WhitelabelAppDoc>('WhitelabelApp', whitelabelAppSchema) };
}
