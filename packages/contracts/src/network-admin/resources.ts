/**
 * The directory's network operations (spec: "Other endpoints named without
 * paths"): labels, network features, the network subscription, e-mail settings and the terms of
 * service. Paths and rules where the spec is silent: docs/decisions.md, "Directory: network
 * operations".
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
import { ABSOLUTE_HTTP_URL_PATTERN, Name } from '../core/text-hygiene.js';

// ---------------------------------------------------------------------------------------------
// Labels

export const LabelParams = strictObject({ networkEID: Eid, labelEID: Eid });
export const LABEL_NAME_MAX = 100;
const LabelName = Name({
  maxLength: LABEL_NAME_MAX,
  description: 'unique in the network, whatever the case',
});

export const LabelResource = halResource(
  'label',
  { EID: Eid, name: Type.String(), created: Timestamp, lastModified: Timestamp },
  'A label of the network: administrators manage them, members read them.',
);
export const LabelCollection = halCollection('labels', LabelResource, 'The labels of a network, by name.');
export const LabelBody = strictObject({ name: LabelName });

// ---------------------------------------------------------------------------------------------
// Network features

/**
 * The features a network may turn on, each with its default (a closed list: an unknown key is 400).
 * A network created today has none on, as before this list existed.
 */
export const networkFeatureDefaults = {
  personal_timeline: false,
  video: false,
  market: false,
  celebrations_redesign: false,
  no_birth_info: false,
  ai_assistant_settings: false,
} as const;
export type NetworkFeatureKey = keyof typeof networkFeatureDefaults;
export const networkFeatureKeys = Object.keys(networkFeatureDefaults) as NetworkFeatureKey[];
const NetworkFeatureKeySchema = Type.Union(
  networkFeatureKeys.map((key) => Type.Literal(key)),
  { description: 'A feature of the closed list' },
);

export const NetworkFeature = Type.Object({
  name: NetworkFeatureKeySchema,
  enabled: Type.Boolean(),
  default: Type.Boolean({ description: 'whether a new network has it on' }),
});
export const NetworkFeaturesResource = halResource(
  'network_features',
  {
    EID: describedEid('The network whose features these are'),
    features: Type.Array(NetworkFeature, { description: 'every feature of the list, in its order' }),
  },
  "The network's features, on and off",
);
/** Features to turn on (`true`) or off (`false`); features left out stay as they are. */
export const NetworkFeaturesBody = Type.Object(
  Object.fromEntries(networkFeatureKeys.map((key) => [key, Type.Optional(Type.Boolean())])),
  { additionalProperties: false, minProperties: 1 },
);

// ---------------------------------------------------------------------------------------------
// Network subscription

/** The plans, lowest first: an upgrade goes up this list, a downgrade down. */
export const subscriptionPlans = ['free', 'standard', 'professional', 'enterprise'] as const;
export type SubscriptionPlan = (typeof subscriptionPlans)[number];
const Plan = Type.Union(
  subscriptionPlans.map((plan) => Type.Literal(plan)),
  { description: `A plan, lowest first: ${subscriptionPlans.join(', ')}` },
);
export const SubscriptionChangeBody = strictObject({ plan: Plan });
export const NetworkSubscriptionResource = halResource(
  'network_subscription',
  {
    EID: describedEid('The network whose plan this is'),
    plan: Plan,
    since: Timestamp,
    plans: Type.Array(Type.String(), { description: 'every plan, lowest first' }),
  },
  "The network's subscription plan",
);

// ---------------------------------------------------------------------------------------------
// E-mail settings (the caller's e-mail notifications in a network)

export const emailDigests = ['never', 'daily', 'weekly'] as const;
/** The known keys with their defaults: a bounded set (an unknown key is 400 naming it). */
export const emailSettingDefaults = {
  digest: 'weekly',
  mentions: true,
  comments: true,
  groupActivity: true,
  news: true,
  alerts: true,
} as const;
export type EmailSettingKey = keyof typeof emailSettingDefaults;
export const emailSettingKeys = Object.keys(emailSettingDefaults) as EmailSettingKey[];
const Digest = Type.Union(
  emailDigests.map((v) => Type.Literal(v)),
  { description: 'how often a digest e-mail is sent' },
);
const emailSettingFields = {
  digest: Digest,
  mentions: Type.Boolean({ description: 'an e-mail when someone mentions you' }),
  comments: Type.Boolean({ description: 'an e-mail on comments on what you follow' }),
  groupActivity: Type.Boolean({ description: 'an e-mail on activity in your groups' }),
  news: Type.Boolean({ description: 'an e-mail on published news' }),
  alerts: Type.Boolean({ description: 'an e-mail for alerts that need an action' }),
};
export const EmailSettingsResource = halResource(
  'email_settings',
  { EID: describedEid('The profile whose e-mail settings these are'), ...emailSettingFields },
  "The caller's e-mail notification settings in the network (defaults where never set)",
);
/** Known keys only; keys left out stay as they are; `null` resets one to its default. */
export const EmailSettingsBody = Type.Object(
  Object.fromEntries(
    Object.entries(emailSettingFields).map(([key, schema]) => [key, Type.Optional(Nullable(schema))]),
  ),
  { additionalProperties: false, minProperties: 1 },
);

// ---------------------------------------------------------------------------------------------
// Terms of service

const TermsVersion = Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'version, counting up' });
export const TermsResource = halResource(
  'terms_of_service',
  {
    EID: describedEid('The network whose terms these are'),
    version: Nullable(TermsVersion),
    url: Nullable(Type.String({ description: 'where the text is' })),
    publishedAt: Nullable(Timestamp),
    accepted: Type.Boolean({ description: 'whether the caller accepted the current version' }),
    acceptedVersion: Nullable(Type.Integer({ description: 'the latest version the caller accepted' })),
    acceptedAt: Nullable(Timestamp),
  },
  "The network's current terms of service (version null: none), and whether the caller accepted them",
);
export const TermsPublishBody = strictObject({
  url: Type.String({
    pattern: ABSOLUTE_HTTP_URL_PATTERN,
    maxLength: 2000,
    description: 'an absolute http(s) URL of the text',
  }),
});
export const TermsAcceptBody = strictObject({ version: TermsVersion });
export const termsPreconditions = { accept: 'accept_terms' } as const;
