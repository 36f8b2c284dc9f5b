/**
 * Devices, push notifications and white-label apps (spec: `/my-devices/`,
 * `/push-notifications/debug/`, `/whitelabel-apps/`, the Whitelabel app and
 * Push notification rows; Versioning: `appStoreUrl`, `googlePlayUrl` deprecated). Choices where the
 * spec is silent: docs/decisions.md, "Notifications: devices, push and white-label apps".
 */
import { Type, type Static } from '@sinclair/typebox';
import { PaginationQuery } from '../core/pagination.js';
import { Eid, EID_PATTERN, halCollection, halResource, Nullable, Ref, Timestamp } from '../core/schemas.js';
import { ABSOLUTE_HTTP_URL_PATTERN } from '../core/text-hygiene.js';

/** Providers a device registers with; each has a `PushProvider` in the notifications service. */
export const notificationProviders = ['fcm'] as const;
export type NotificationProvider = (typeof notificationProviders)[number];
export const devicePlatforms = ['android', 'ios', 'web'] as const;
export const whitelabelPlatforms = ['android', 'ios'] as const;

/** What a delivery came to (the outcome of `PushProvider.send`, after the retries). */
export const pushDeliveryStatuses = ['delivered', 'dead-token', 'failed'] as const;

/** The version from which `appStoreUrl` and `googlePlayUrl` are no longer read or written. */
export const WHITELABEL_STORE_URLS_DROPPED = '2023.0.1';

const literals = <T extends string>(values: readonly T[], description: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    { description },
  );

const ProviderSchema = literals(
  notificationProviders,
  'The push provider (`fcm`: Firebase Cloud Messaging HTTP v1)',
);
const PushToken = Type.String({
  pattern: '^[A-Za-z0-9_:.-]{8,4096}$',
  description: "The provider's registration token of the device (write-only: read back as `pushTokenEnd`)",
});
const PushTokenEnd = Type.String({ description: 'read-only: the last 4 characters of the push token' });
const HttpUrl = Type.String({
  maxLength: 2000,
  pattern: ABSOLUTE_HTTP_URL_PATTERN,
  description: 'Absolute http(s) URL',
});

// ---------------------------------------------------------------------------------------------
// Devices

export const DeviceResource = halResource(
  'device',
  {
    EID: Eid,
    notificationProvider: ProviderSchema,
    platform: literals(devicePlatforms, '`android`, `ios` or `web`'),
    pushTokenEnd: PushTokenEnd,
    whitelabelApp: Nullable(Ref('whitelabel_app')),
    created: Timestamp,
  },
  "One of the caller's devices: where their alerts are pushed.",
);
export type Device = Static<typeof DeviceResource>;

export const DeviceCollection = halCollection(
  'devices',
  DeviceResource,
  "The caller's devices, newest first.",
);

export const DeviceRegisterBody = Type.Object(
  {
    notificationProvider: ProviderSchema,
    pushToken: PushToken,
    platform: literals(devicePlatforms, '`android`, `ios` or `web`'),
    whitelabelApp: Type.Optional(
      Type.Object(
        { EID: Eid },
        { additionalProperties: false, description: 'A white-label app of the network' },
      ),
    ),
  },
  { additionalProperties: false },
);

export const DeviceParams = Type.Object({ networkEID: Eid, deviceEID: Eid }, { additionalProperties: false });

// ---------------------------------------------------------------------------------------------
// Push debug

export const PushDeliveryItem = Type.Object({
  device: Ref('device'),
  pushTokenEnd: PushTokenEnd,
  messageType: Type.String({ description: 'The pushed alert type (the Push notification `messageType`)' }),
  status: literals(pushDeliveryStatuses, '`delivered`, `dead-token` (device removed) or `failed` (gave up)'),
  providerCode: Type.String({ description: "The provider's last answer: HTTP status and error code" }),
  attempts: Type.Integer({ minimum: 1 }),
  at: Timestamp,
});

export const PushDebugResource = halResource(
  'push_debug',
  {
    EID: Type.String({ pattern: EID_PATTERN, description: 'The profile whose push notifications these are' }),
    devices: Type.Array(DeviceResource, { description: "The caller's devices" }),
    deliveries: Type.Array(PushDeliveryItem, {
      description: "The outcomes of the caller's last deliveries, newest first (at most 20 per device)",
    }),
  },
  "Diagnostics of the caller's push notifications in the network.",
);

// ---------------------------------------------------------------------------------------------
// White-label apps

const StoreUrl = (which: string) =>
  Type.Optional(
    Nullable(
      Type.String({
        maxLength: 2000,
        pattern: ABSOLUTE_HTTP_URL_PATTERN,
        deprecated: true,
        description: `Deprecated (before ${WHITELABEL_STORE_URLS_DROPPED} only): ${which}`,
      }),
    ),
  );

const whitelabelFields = {
  projectId: Type.String({
    pattern: '^[a-z][a-z0-9-]{4,28}[a-z0-9]$',
    description: "The provider's project id (FCM: the Firebase project the app's tokens belong to)",
  }),
  notificationProvider: ProviderSchema,
  notificationProviderVersion: Type.String({
    pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,19}$',
    description: "The provider's API version, e.g. `v1`",
  }),
  platform: literals(whitelabelPlatforms, '`android` or `ios`'),
  downloadUrl: HttpUrl,
};

export const WhitelabelAppResource = halResource(
  'whitelabel_app',
  {
    EID: Eid,
    ...whitelabelFields,
    numNetworks: Type.Integer({ minimum: 1, description: 'read-only: networks that registered this app' }),
    appStoreUrl: StoreUrl('the App Store page'),
    googlePlayUrl: StoreUrl('the Google Play page'),
    created: Timestamp,
  },
  'A white-label app: a branded mobile app of the network, with its push project.',
);

export const WhitelabelAppCollection = halCollection(
  'whitelabelApps',
  WhitelabelAppResource,
  "The network's white-label apps, oldest first.",
);

/** From 2023.0.1 the store URLs are gone: naming them is a 400; before, they are accepted. */
export const WhitelabelAppCreateBody = {
  variants: [
    {
      range: { since: WHITELABEL_STORE_URLS_DROPPED },
      schema: Type.Object(whitelabelFields, { additionalProperties: false }),
    },
    {
      range: { until: WHITELABEL_STORE_URLS_DROPPED },
      schema: Type.Object(
        {
          ...whitelabelFields,
          appStoreUrl: Type.Optional(Nullable(HttpUrl)),
          googlePlayUrl: Type.Optional(Nullable(HttpUrl)),
        },
        { additionalProperties: false },
      ),
    },
  ],
} as const;

export const WhitelabelAppParams = Type.Object(
  { networkEID: Eid, whitelabelAppEID: Eid },
  { additionalProperties: false },
);

export const DeviceListQuery = PaginationQuery;
