/**
 * The auth service's collections, registered once on its own connection (STYLE.md §3).
 * Every tenant document carries `networkEID`, and its indexes start with it (ARCHITECTURE §10).
 */
import { Schema, type Connection, type InferSchemaType, type Model, type Types } from 'mongoose';
import {
  birthdayPrivacySettings,
  emailPrivacySettings,
  invitationTypes,
  storedRoleNames,
} from '@ncs/contracts';
import { registerAppsModels, type AppsModels } from './apps.js';
import { registerGroupsModels, type GroupsModels } from './groups.js';
import { registerSettingsModels, type SettingsModels } from './settings.js';
import { registerSignInModels, type SignInModels } from './sign-in.js';

const timestamps = { createdAt: 'created', updatedAt: 'lastModified' } as const;

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
    /** As stored: administrator variants are reported as `admin` from 1.4.8 (domain/permissions.ts). */
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
profileSchema.index({ networkEID: 1, userState: 1, isBot: -1 });
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
invitationSchema.index({ networkEID: 1, created: -1 });
invitationSchema.index({ networkEID: 1, profileEID: 1 });

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

export type NetworkDoc = InferSchemaType<typeof networkSchema> & {
  _id: Types.ObjectId;
  created: Date;
  lastModified: Date;
};
export type AccountDoc = InferSchemaType<typeof accountSchema> & {
  _id: Types.ObjectId;
  created: Date;
  lastModified: Date;
};
export type ProfileDoc = InferSchemaType<typeof profileSchema> & {
  _id: Types.ObjectId;
  created: Date;
  lastModified: Date;
};
export type InvitationDoc = InferSchemaType<typeof invitationSchema> & {
  _id: Types.ObjectId;
  created: Date;
  lastModified: Date;
};
export type ClientDoc = InferSchemaType<typeof clientSchema> & { _id: Types.ObjectId };
export type TokenDoc = InferSchemaType<typeof tokenSchema> & { _id: Types.ObjectId; created: Date };
export type InstallationDoc = InferSchemaType<typeof installationSchema> & { _id: Types.ObjectId };
export type AuthorizationRequestDoc = InferSchemaType<typeof authorizationRequestSchema> & {
  _id: Types.ObjectId;
};
export type AuthorizationCodeDoc = InferSchemaType<typeof authorizationCodeSchema> & { _id: Types.ObjectId };

export interface AuthModels extends GroupsModels, SettingsModels, AppsModels, SignInModels {
  readonly Network: Model<NetworkDoc>;
  readonly Account: Model<AccountDoc>;
  readonly Profile: Model<ProfileDoc>;
  readonly Invitation: Model<InvitationDoc>;
  readonly Client: Model<ClientDoc>;
  readonly Token: Model<TokenDoc>;
  readonly Installation: Model<InstallationDoc>;
  readonly AuthorizationRequest: Model<AuthorizationRequestDoc>;
  readonly AuthorizationCode: Model<AuthorizationCodeDoc>;
}

export function registerAuthModels(connection: Connection): AuthModels {
  return {
    Network: connection.model<NetworkDoc>('Network', networkSchema),
    Account: connection.model<AccountDoc>('Account', accountSchema),
    Profile: connection.model<ProfileDoc>('Profile', profileSchema),
    Invitation: connection.model<InvitationDoc>('Invitation', invitationSchema),
    Client: connection.model<ClientDoc>('Client', clientSchema),
    Token: connection.model<TokenDoc>('Token', tokenSchema),
    Installation: connection.model<InstallationDoc>('Installation', installationSchema),
    AuthorizationRequest: connection.model<AuthorizationRequestDoc>(
      'AuthorizationRequest',
      authorizationRequestSchema,
    ),
    AuthorizationCode: connection.model<AuthorizationCodeDoc>('AuthorizationCode', authorizationCodeSchema),
    ...registerGroupsModels(connection),
    ...registerSettingsModels(connection),
    ...registerAppsModels(connection),
    ...registerSignInModels(connection),
  };
}
