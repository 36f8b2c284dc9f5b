/**
 * The collections every area builds on: networks, accounts, the profiles of accounts in networks
 * (a profile is the membership, its role included) and invitations (pending memberships), and the
 * apps' clients, installations and tokens (core/client-models.ts) and the network's themes
 * (core/theme-models.ts). Every tenant document carries
 * `networkEID`, and its indexes start with it (ARCHITECTURE §10); accounts are the person's own,
 * shared by their profiles in every network.
 */
import {
  birthdayPrivacySettings,
  defaultEmblemGroupTypes,
  emailDeliveryFormats,
  emailPrivacySettings,
  invitationTypes,
  storedRoleNames,
} from '@ncs/contracts';
import { timestamps, type StoredDocument } from '@ncs/service-kit';
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import { registerClientModels, type ClientModels } from './client-models.js';
import { registerThemeModels, type ThemeModels } from './theme-models.js';

/** Files (branding images): an uploaded image, `{ type: 'file', EID }`. */
const imageRefSchema = new Schema(
  { type: { type: String, enum: ['file'], required: true }, EID: { type: String, required: true } },
  { _id: false, strict: true },
);

const networkSchema = new Schema(
  {
    name: { type: String, required: true, maxlength: 200 },
    subdomain: { type: String, required: true, lowercase: true, match: /^[a-z0-9][a-z0-9-]{0,62}$/ },
    description: { type: String, default: '', maxlength: 5000 },
    language: { type: String, default: 'en' },
    allowChatCustomSettings: { type: Boolean, default: false },
    allowCommentsPreference: { type: Boolean, default: false },
    allowReactionsPreference: { type: Boolean, default: false },
    allowEditingProfileBio: { type: Boolean, default: true },
    allowEditingJobTitle: { type: Boolean, default: true },
    defaultPrimaryEmailPrivacySetting: { type: String, enum: emailPrivacySettings, default: 'network' },
    /** Sender number for SMS (E.164). */
    mobileNumber: { type: String, default: null },
    appDistributorEnabled: { type: Boolean, default: false },
    /** Features enabled for the network (e.g. `personal_timeline`, `video`, `market`); no API writes them yet. */
    features: { type: [String], default: [] },
    subscription: {
      type: { type: String, default: 'free' },
      since: { type: Date, default: () => new Date() },
    },
    // Directory (network operations): the write context (directory/network-write-context.ts).
    emailDeliveryFormat: { type: String, enum: emailDeliveryFormats, default: 'html' },
    sso: {
      type: new Schema(
        {
          enabled: { type: Boolean },
          loginUrl: { type: String },
          logoutUrl: { type: String },
          // What `GET /auth?idp=<id>` may redirect to (directory/identity-providers.ts).
          identityProviders: {
            type: [
              new Schema(
                { id: { type: String }, name: { type: String }, loginUrl: { type: String } },
                { _id: false, strict: true },
              ),
            ],
            default: undefined,
          },
        },
        { _id: false, strict: true },
      ),
      default: null,
    },
    favicon: {
      type: new Schema({ url: { type: String }, mimeType: { type: String } }, { _id: false, strict: true }),
      default: null,
    },
    themeEID: { type: String, default: null },
    // Files (branding images): uploaded images, network assets (network-write-context.ts).
    defaultAvatar: { type: imageRefSchema, default: null },
    defaultEmblems: {
      type: new Schema(
        Object.fromEntries(
          defaultEmblemGroupTypes.map((name) => [name, { type: imageRefSchema, default: null }]),
        ),
        { _id: false, strict: true },
      ),
      default: null,
    },
  },
  { strict: true, timestamps, collection: 'networks' },
);
networkSchema.index({ subdomain: 1 }, { unique: true });

/**
 * A person's sign-in identity, shared by their profiles in every network. Its names and language
 * are the person's own (whoami, the sign-in page); no network shows them: what a network shows
 * about a person comes from the person's profile there (docs/decisions.md, "Tenancy of personal
 * data and text hygiene"). An account signs in with
 * its e-mail address, or, without one (an "emailless" account, provisioned by a directory sync),
 * with its `username`. Unset sign-in names are ABSENT, never null: the sparse unique indexes then
 * skip them on MongoDB and FerretDB alike. An invited account has no password until one is set.
 */
const accountSchema = new Schema(
  {
    email: { type: String, lowercase: true, trim: true },
    username: { type: String, lowercase: true, trim: true, match: /^[a-z0-9._-]{3,64}$/ },
    passwordHash: { type: String },
    firstName: { type: String, default: '' },
    lastName: { type: String, default: '' },
    language: { type: String, default: 'en' },
  },
  { strict: true, timestamps, collection: 'accounts' },
);
accountSchema.pre('validate', function requireSignInName() {
  if (!this.email && !this.username)
    this.invalidate('email', 'An account needs an e-mail address or a username.');
});
accountSchema.index({ email: 1 }, { unique: true, sparse: true });
accountSchema.index({ username: 1 }, { unique: true, sparse: true });

const profileSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    accountId: { type: String, required: true },
    /** As stored: administrator variants are reported as `admin` from 1.4.8 (core/permissions.ts). */
    role: { type: String, enum: storedRoleNames, default: 'member' },
    userState: { type: String, enum: ['active', 'pending', 'suspended', 'deleted'], default: 'active' },
    external: { type: Boolean, default: false },
    isBot: { type: Boolean, default: false },
    XID: { type: String, default: null },
    /** The person's names in this network: set here (by the person or an administrator), never copied. */
    firstName: { type: String, default: '', maxlength: 100 },
    lastName: { type: String, default: '', maxlength: 100 },
    /** The person's language in this network; null: the network's language. */
    language: { type: String, default: null },
    /** `<networkEID>/<XID>` while an XID is set, absent otherwise: XIDs are unique per network. */
    xidKey: { type: String },
    jobTitle: { type: String, default: '' },
    aboutMe: { type: String, default: '', maxlength: 2000 },
    workStatus: { type: String, default: null },
    workStatusValidUntil: { type: Date, default: null },
    /** `YYYY-MM-DD`: a calendar date, no time zone. */
    employmentStartDate: { type: String, default: null },
    birthDay: { type: Number, default: null },
    birthMonth: { type: Number, default: null },
    birthYear: { type: Number, default: null },
    birthdayPrivacy: { type: String, enum: birthdayPrivacySettings, default: 'private' },
    /** null: the network's `defaultPrimaryEmailPrivacySetting` applies. */
    primaryEmailPrivacy: { type: String, enum: [...emailPrivacySettings, null], default: null },
    chatEnabled: { type: Boolean, default: true },
    tourCompleted: { type: Boolean, default: false },
    autoTranslation: { type: Boolean, default: true },
  },
  { strict: true, timestamps, collection: 'profiles' },
);
profileSchema.index({ networkEID: 1, accountId: 1 }, { unique: true });
profileSchema.index({ accountId: 1 });
// Chat's people picker: bots first, then by EID (keyset pages).
profileSchema.index({ networkEID: 1, userState: 1, isBot: -1, _id: 1 });
// News: a network's active members by EID (messaging's addressee export, keyset pages).
profileSchema.index({ networkEID: 1, userState: 1, _id: 1 });
profileSchema.index({ networkEID: 1, lastModified: 1 });
profileSchema.index({ xidKey: 1 }, { unique: true, sparse: true });

/** An invitation to a network: the pending membership it created, or the member it reactivated. */
const invitationSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    invitationType: { type: String, enum: invitationTypes, default: 'email' },
    profileEID: { type: String, required: true },
    accountId: { type: String, required: true },
    invitedBy: { type: String, default: null },
    reactivated: { type: Boolean, default: false },
    expiresAt: { type: Date, required: true },
    acceptedAt: { type: Date, default: null },
  },
  { strict: true, timestamps, collection: 'invitations' },
);
invitationSchema.index({ networkEID: 1, created: -1, _id: -1 });
invitationSchema.index({ networkEID: 1, profileEID: 1 });

export type NetworkDoc = InferSchemaType<typeof networkSchema> & StoredDocument;
export type AccountDoc = InferSchemaType<typeof accountSchema> & StoredDocument;
export type ProfileDoc = InferSchemaType<typeof profileSchema> & StoredDocument;
export type InvitationDoc = InferSchemaType<typeof invitationSchema> & StoredDocument;

export interface CoreModels extends ClientModels, ThemeModels {
  readonly Network: Model<NetworkDoc>;
  readonly Account: Model<AccountDoc>;
  readonly Profile: Model<ProfileDoc>;
  readonly Invitation: Model<InvitationDoc>;
}

export function registerCoreModels(connection: Connection): CoreModels {
  return {
    ...registerClientModels(connection),
    ...registerThemeModels(connection),
    Network: connection.model<NetworkDoc>('Network', networkSchema),
    Account: connection.model<AccountDoc>('Account', accountSchema),
    Profile: connection.model<ProfileDoc>('Profile', profileSchema),
    Invitation: connection.model<InvitationDoc>('Invitation', invitationSchema),
  };
}
