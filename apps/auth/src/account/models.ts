/**
 * Collections of the caller's account operations: one settings document and one
 * presence document per profile (unique, upserted atomically), and one row per dismissed feature
 * (a unique index makes dismissing once a rule: no read-modify-write of a list).
 */
import { timestamps, type StoredDocument } from '@ncs/service-kit';
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import { presenceStatuses } from '@ncs/contracts';

const userSettingsSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    // Absent: the default of `userSettingDefaults` (contracts account/resources.ts).
    language: { type: String },
    timezone: { type: String },
    emailNotifications: { type: Boolean },
    pushNotifications: { type: Boolean },
    compactTimeline: { type: Boolean },
    showPresence: { type: Boolean },
  },
  { strict: true, timestamps, collection: 'user_settings' },
);
userSettingsSchema.index({ networkEID: 1, profileEID: 1 }, { unique: true });

const dismissedFeatureSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    feature: { type: String, required: true },
  },
  { strict: true, timestamps, collection: 'dismissed_features' },
);
dismissedFeatureSchema.index({ networkEID: 1, profileEID: 1, feature: 1 }, { unique: true });

const presenceSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    status: { type: String, enum: presenceStatuses, required: true },
    lastSeenAt: { type: Date, required: true },
  },
  { strict: true, timestamps, collection: 'presences' },
);
presenceSchema.index({ networkEID: 1, profileEID: 1 }, { unique: true });

export type UserSettingsDoc = InferSchemaType<typeof userSettingsSchema> & StoredDocument;
export type DismissedFeatureDoc = InferSchemaType<typeof dismissedFeatureSchema> & StoredDocument;
export type PresenceDoc = InferSchemaType<typeof presenceSchema> & StoredDocument;

export interface AccountModels {
  readonly UserSettings: Model<UserSettingsDoc>;
  readonly DismissedFeature: Model<DismissedFeatureDoc>;
  readonly Presence: Model<PresenceDoc>;
}

export function registerAccountModels(connection: Connection): AccountModels {
  return {
    UserSettings: connection.model<UserSettingsDoc>('UserSettings', userSettingsSchema),
    DismissedFeature: connection.model<DismissedFeatureDoc>('DismissedFeature', dismissedFeatureSchema),
    Presence: connection.model<PresenceDoc>('Presence', presenceSchema),
  };
}
