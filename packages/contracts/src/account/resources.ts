/**
 * The caller's account operations (spec: "Other endpoints named without paths": user
 * settings, user new features, host-info, sessions, presence). Paths and rules where the spec is
 * silent: docs/decisions.md, "Directory: account operations, sessions, presence and links".
 */
import { Type } from '@sinclair/typebox';
import {
  Eid,
  halCollection,
  halResource,
  Nullable,
  strictObject,
  Timestamp,
  describedEid,
} from '../core/schemas.js';

/** Path parameters of a profile's own sub-resources. */
export const ProfileParams = strictObject({ networkEID: Eid, profileEID: Eid });

/**
 * The known user settings, with their types and defaults: a bounded set (an unknown key is 400
 * naming it). `language`: a BCP 47 primary tag with an optional region; `timezone`: an IANA name.
 */
export const userSettingDefaults = {
  language: null,
  timezone: null,
  emailNotifications: true,
  pushNotifications: true,
  compactTimeline: false,
  showPresence: true,
} as const;
export type UserSettingKey = keyof typeof userSettingDefaults;
export const userSettingKeys = Object.keys(userSettingDefaults) as UserSettingKey[];

const Language = Type.String({ pattern: '^[a-z]{2,3}(-[A-Z]{2})?$', description: 'e.g. `en`, `nl-BE`' });
const Timezone = Type.String({
  pattern: '^[A-Za-z]{1,14}(/[A-Za-z0-9_+-]{1,30}){0,2}$',
  maxLength: 64,
  description: 'IANA time zone, e.g. `Europe/Amsterdam`',
});

const settingFields = {
  language: Nullable(Language),
  timezone: Nullable(Timezone),
  emailNotifications: Type.Boolean(),
  pushNotifications: Type.Boolean(),
  compactTimeline: Type.Boolean(),
  showPresence: Type.Boolean({ description: 'whether other members see your presence' }),
};

export const UserSettingsResource = halResource(
  'user_settings',
  { EID: describedEid('The profile whose settings these are'), ...settingFields },
  "The caller's own settings in the network (every known key, defaults where never set)",
);

/** Known keys only (else 400 naming the key); keys left out stay as they are; `null` resets one to its default. */
export const UserSettingsBody = Type.Object(
  {
    language: Type.Optional(Nullable(Language)),
    timezone: Type.Optional(Nullable(Timezone)),
    emailNotifications: Type.Optional(Nullable(Type.Boolean())),
    pushNotifications: Type.Optional(Nullable(Type.Boolean())),
    compactTimeline: Type.Optional(Nullable(Type.Boolean())),
    showPresence: Type.Optional(Nullable(Type.Boolean())),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** The features a person is told about once ("new features"), newest last. */
export const newFeatureKeys = ['knowledge_base', 'tasks', 'polls', 'events', 'alerts'] as const;
export type NewFeatureKey = (typeof newFeatureKeys)[number];
const FeatureKey = Type.Union(
  newFeatureKeys.map((key) => Type.Literal(key)),
  { description: 'A feature key of the new-features list' },
);

export const NewFeaturesResource = halResource(
  'new_features',
  {
    EID: describedEid('The profile the list is kept for'),
    features: Type.Array(FeatureKey, { description: 'features the caller has not dismissed yet' }),
  },
  'The new features the caller has not yet dismissed',
);
export const NewFeatureParams = strictObject({ networkEID: Eid, profileEID: Eid, featureKey: FeatureKey });

export const HostInfoResource = halResource(
  'host_info',
  {
    EID: describedEid('The network the host serves'),
    host: Type.String({ description: 'the network’s own host, `<subdomain>.<network domain>`' }),
    subdomain: Type.String(),
    networkDomain: Type.String(),
    apiVersions: Type.Object({ oldest: Type.String(), latest: Type.String() }),
    features: Type.Array(Type.String(), { description: 'the features enabled in the network' }),
  },
  'What the host of a network serves',
);

export const presenceStatuses = ['online', 'away', 'offline'] as const;
export type PresenceStatus = (typeof presenceStatuses)[number];
const PresenceStatusSchema = Type.Union(presenceStatuses.map((s) => Type.Literal(s)));

export const PresenceResource = halResource(
  'presence',
  {
    EID: describedEid('The profile whose presence this is (as `user.EID`)'),
    user: Type.Object({ type: Type.Literal('user'), EID: Eid }),
    status: PresenceStatusSchema,
    lastSeenAt: Nullable(Timestamp),
  },
  "A member's presence: `online` read as `away` after 5 minutes without an update",
);
export const PresenceBody = strictObject({ status: PresenceStatusSchema });

const SessionId = Type.String({ pattern: '^[0-9a-f-]{36}$', description: 'a session (token family) id' });
export const SessionParams = strictObject({ sessionId: SessionId });

export const SessionResource = halResource(
  'session',
  {
    EID: SessionId,
    client: Type.Object({ clientId: Type.String(), name: Nullable(Type.String()) }),
    grantType: Type.String(),
    network: Nullable(Type.Object({ type: Type.Literal('network'), EID: Eid })),
    created: Timestamp,
    expiresAt: Nullable(Timestamp),
  },
  "One of the caller's sessions: the tokens descended from one sign-in",
);
export const SessionCollection = halCollection('sessions', SessionResource, "The caller's live sessions");

export const TokenStatusResource = halResource(
  'token_status',
  {
    client: Type.Object({ clientId: Type.String(), name: Nullable(Type.String()) }),
    grantType: Type.String(),
    scopes: Nullable(Type.Array(Type.String(), { description: 'null: a token no scope restricts' })),
    expiresAt: Nullable(Timestamp),
    network: Nullable(Type.Object({ type: Type.Literal('network'), EID: Eid })),
    account: Type.Boolean({ description: 'whether the token acts for a person (else for an app)' }),
  },
  "The caller's own access token: what it may do and until when (never the token itself)",
);
