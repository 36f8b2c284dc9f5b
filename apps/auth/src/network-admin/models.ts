/**
 * Collections of the network operations: one e-mail settings document per
 * profile (unique, upserted atomically), the published versions of a network's terms of service
 * (one row per version: the unique index makes two publishes at once one version each, or a 409),
 * and one row per accepted version per profile (accepting again changes nothing).
 */
import { emailDigests } from '@ncs/contracts';
import { timestamps, type StoredDocument } from '@ncs/service-kit';
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';

const emailSettingsSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    // Absent: the default of `emailSettingDefaults` (contracts network-admin/resources.ts).
    digest: { type: String, enum: emailDigests },
    mentions: { type: Boolean },
    comments: { type: Boolean },
    groupActivity: { type: Boolean },
    news: { type: Boolean },
    alerts: { type: Boolean },
  },
  { strict: true, timestamps, collection: 'email_settings' },
);
emailSettingsSchema.index({ networkEID: 1, profileEID: 1 }, { unique: true });

const termsVersionSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    version: { type: Number, required: true, min: 1 },
    url: { type: String, required: true, maxlength: 2000 },
  },
  { strict: true, timestamps, collection: 'terms_versions' },
);
termsVersionSchema.index({ networkEID: 1, version: 1 }, { unique: true });

const termsAcceptanceSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    version: { type: Number, required: true, min: 1 },
  },
  { strict: true, timestamps, collection: 'terms_acceptances' },
);
termsAcceptanceSchema.index({ networkEID: 1, profileEID: 1, version: 1 }, { unique: true });

/** A network's changes of features and subscription, one at a time (network-claim.ts). */
const networkClaimSchema = new Schema(
  {
    _id: { type: String, required: true },
    until: { type: Date, required: true },
  },
  { strict: true, collection: 'network_claims', versionKey: false },
);

export type EmailSettingsDoc = InferSchemaType<typeof emailSettingsSchema> & StoredDocument;
export type TermsVersionDoc = InferSchemaType<typeof termsVersionSchema> & StoredDocument;
export type TermsAcceptanceDoc = InferSchemaType<typeof termsAcceptanceSchema> & StoredDocument;

export interface NetworkAdminModels {
  readonly EmailSettings: Model<EmailSettingsDoc>;
  readonly TermsVersion: Model<TermsVersionDoc>;
  readonly TermsAcceptance: Model<TermsAcceptanceDoc>;
  readonly NetworkClaim: Model<{ _id: string; until: Date }>;
}

export function registerNetworkAdminModels(connection: Connection): NetworkAdminModels {
  return {
    EmailSettings: connection.model<EmailSettingsDoc>('EmailSettings', emailSettingsSchema),
    TermsVersion: connection.model<TermsVersionDoc>('TermsVersion', termsVersionSchema),
    TermsAcceptance: connection.model<TermsAcceptanceDoc>('TermsAcceptance', termsAcceptanceSchema),
    NetworkClaim: connection.model<{ _id: string; until: Date }>('NetworkClaim', networkClaimSchema),
  };
}
