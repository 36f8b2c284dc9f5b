/**
 * Resource and request schemas of the directory area "Apps, manifests, installations, signed
 * requests" (the link relations of its resource types are in links.ts).
 *
 * Spec: Other resources ("App entry point", "appMenuItem context"), Permissions and related rules
 * (the application permissions, `urlAppendNetwork`, signed requests), Events (the manifest's
 * `events`). Choices where the spec is silent: docs/decisions.md, "Directory: apps and manifests".
 */
import { Type, type Static } from '@sinclair/typebox';
import { Eid, halCollection, halResource, Nullable, Ref, Timestamp } from '../core/schemas.js';
import { Name, Text } from '../core/text-hygiene.js';
// Notifications: app webhooks.
import { WebhookEventTypeSchema } from './webhook-events.js';

/** A string out of a fixed list, as one `enum` (validation errors then name the allowed values). */
const OneOf = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });

/** Spec: "Application permissions named" — the only names a manifest may ask for. */
export const applicationPermissions = [
  'infinite_limit',
  'edit_network_features',
  'edit_network_subscription',
  'list_group_members',
  'list_networks',
  'get_network_timeline',
  'get_user_groups',
  'post_to_any_group',
  'get_profile_xid',
  'list_groups',
  'upload_into_folders',
  'get_profiles',
  'upload_files',
  'send_alerts',
  'post_updates',
  'invite_users',
  'list_network_roles',
] as const;
export type ApplicationPermission = (typeof applicationPermissions)[number];

/**
 * Where an entry point opens the app: `external` (its own window, signed in with the
 * authorization-code flow: `urlAppendNetwork` applies), `appMenuItem` (a page behind a menu item),
 * `widget` (a block of `widgetHeight` pixels), `lightbox` (an overlay of a `lightboxTemplate`).
 */
export const entryPointContexts = ['external', 'appMenuItem', 'widget', 'lightbox'] as const;
export type EntryPointContext = (typeof entryPointContexts)[number];

/** Devices a signed request names (the menu's `device` values). */
export const appDevices = ['web', 'web_mobile', 'ios', 'android'] as const;

/** Bounds of a manifest (docs/decisions.md). */
export const manifestLimits = {
  redirectUris: 20,
  entryPoints: 20,
  eventSubscriptions: 50,
  urlLength: 2000,
  description: 2000,
  label: 100,
} as const;

const AppUrl = Text({
  minLength: 1,
  maxLength: manifestLimits.urlLength,
  description:
    'Absolute URL: https, or http only for a loopback host (localhost, 127.0.0.1, [::1]); no user info, no fragment',
});
const EntryPointName = Type.String({
  pattern: '^[a-z][a-z0-9_-]{0,49}$',
  description: 'Identifier of the entry point in the manifest (unique there)',
});
const Label = Name({ maxLength: manifestLimits.label });

/** An app entry point as stored and shown: every field present, defaults applied. */
export const AppEntryPoint = Type.Object(
  {
    name: EntryPointName,
    context: OneOf(entryPointContexts, 'Where the entry point opens the app'),
    url: AppUrl,
    includeExternalUsers: Type.Boolean({ description: 'default true: external users see it too' }),
    fallbackUrl: Nullable(AppUrl),
    urlAppendNetwork: Type.Boolean({
      description: '`external` only: `network_eid` and `network_auth_url` are added to the sign-in redirect',
    }),
    hasMenuItem: Type.Boolean({ description: '`appMenuItem` only: the network menu shows it' }),
    isDynamic: Type.Boolean({ description: '`appMenuItem` only: the item label is set by the app' }),
    widgetHeight: Nullable(Type.Integer({ minimum: 1, maximum: 2000, description: '`widget` only, pixels' })),
    lightboxTemplate: Nullable(
      Type.String({ pattern: '^[a-z][a-z0-9_-]{0,49}$', description: '`lightbox` only' }),
    ),
    localLabel: Nullable(Label),
  },
  { additionalProperties: false },
);
export type AppEntryPointValue = Static<typeof AppEntryPoint>;

/** An entry point in a manifest body: `name`, `context` and `url` required, the rest defaulted. */
export const AppEntryPointInput = Type.Object(
  {
    name: EntryPointName,
    context: OneOf(entryPointContexts, 'Where the entry point opens the app'),
    url: AppUrl,
    includeExternalUsers: Type.Optional(Type.Boolean({ default: true })),
    fallbackUrl: Type.Optional(Nullable(AppUrl)),
    urlAppendNetwork: Type.Optional(Type.Boolean()),
    hasMenuItem: Type.Optional(Type.Boolean()),
    isDynamic: Type.Optional(Type.Boolean()),
    widgetHeight: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2000 }))),
    lightboxTemplate: Type.Optional(Nullable(Type.String({ pattern: '^[a-z][a-z0-9_-]{0,49}$' }))),
    localLabel: Type.Optional(Nullable(Label)),
  },
  { additionalProperties: false },
);

const Permission = OneOf(applicationPermissions, 'An application permission of the spec');
const Permissions = Type.Array(Permission, {
  maxItems: applicationPermissions.length,
  uniqueItems: true,
  description: 'Application permissions the app asks for; an installation grants exactly these',
});

/** The manifest's `events` (spec: "App Manifest Events object"; structure ours). */
export const AppManifestEvents = Type.Object(
  {
    url: Nullable(AppUrl),
    subscriptions: Type.Array(Type.String({ pattern: '^[a-z][a-z0-9_.]{0,99}$' }), {
      maxItems: manifestLimits.eventSubscriptions,
      uniqueItems: true,
      description: 'Names of the platform events the app wants delivered to `url`',
    }),
  },
  { additionalProperties: false },
);

const ManifestFields = {
  description: Text({ maxLength: manifestLimits.description }),
  redirectUris: Type.Array(AppUrl, {
    maxItems: manifestLimits.redirectUris,
    uniqueItems: true,
    description: 'Where the authorization-code flow may send the user back (exact strings)',
  }),
  entryPoints: Type.Array(AppEntryPoint, { maxItems: manifestLimits.entryPoints }),
  permissions: Permissions,
  events: AppManifestEvents,
};

/**
 * `GET|PUT /apps/{appEID}/`: the app (an OAuth client, EID = `client_id`) and its manifest. Never
 * any secret.
 */
export const AppManifestResource = halResource(
  'app_manifest',
  {
    EID: Eid,
    name: Type.String({ description: 'read-only: the name the app was registered with' }),
    ...ManifestFields,
    created: Nullable(Timestamp),
    lastModified: Nullable(Timestamp),
  },
  'An app (OAuth client; EID = client_id) and its manifest. `created` is null until the app registered one.',
);

/** `PUT /apps/{appEID}/`: the whole manifest (a replacement; `description`, `events` default empty). */
export const AppManifestBody = Type.Object(
  {
    description: Type.Optional(ManifestFields.description),
    redirectUris: ManifestFields.redirectUris,
    entryPoints: Type.Array(AppEntryPointInput, { maxItems: manifestLimits.entryPoints }),
    permissions: Permissions,
    events: Type.Optional(
      Type.Object(
        {
          url: Type.Optional(Nullable(AppUrl)),
          // Notifications (app webhooks): only deliverable event types.
          subscriptions: Type.Optional(
            Type.Array(WebhookEventTypeSchema, {
              maxItems: manifestLimits.eventSubscriptions,
              uniqueItems: true,
              description: 'The event types delivered to `url` (see `webhookEventTypes`)',
            }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

/** `POST /apps/{appEID}/signing-secret`: the new signing secret, shown once. */
export const AppSigningSecretResource = halResource(
  'app_signing_secret',
  {
    EID: Eid,
    app: Ref('app_manifest'),
    secret: Type.String({ description: 'HMAC-SHA256 key of signed requests (its UTF-8 bytes); shown once' }),
    keyId: Type.String({ description: 'The `kid` of signed requests made with this secret' }),
    created: Timestamp,
  },
  'A new signing secret of the app; the previous one stops being used at once.',
);

/** An app installed in a network, as the network's members see it. */
export const AppResource = halResource(
  'app',
  {
    EID: Eid,
    name: Type.String(),
    description: Type.String(),
    network: Ref('network'),
    entryPoints: Type.Array(AppEntryPoint, {
      description: 'Entry points the caller may open (external users: only those with includeExternalUsers)',
    }),
    permissions: Type.Array(Type.String(), {
      description: 'Application permissions granted in this network',
    }),
    installed: Timestamp,
    created: Timestamp,
  },
  'An app installed in the network (EID = the app’s client_id).',
);
export const AppCollection = halCollection('apps', AppResource, 'Apps installed in the network, one page.');

/** `POST /networks/{networkEID}/apps/`: the app to install (its permissions are its manifest's). */
export const AppInstallBody = Type.Object({ appEID: Eid }, { additionalProperties: false });

const Locale = Type.String({
  pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$',
  maxLength: 35,
  description: 'BCP 47 language tag, e.g. `en`, `nl-NL`',
});

/** `POST /networks/{networkEID}/apps/{appEID}/signrequest`: where and how the app is being opened. */
export const SignRequestBody = Type.Object(
  {
    entryPoint: EntryPointName,
    device: OneOf(appDevices, 'The device the app is opened on'),
    position: Type.String({
      pattern: '^[a-z][a-zA-Z0-9_-]{0,49}$',
      description: 'Where in the client the app is opened, e.g. `menu`, `widget`, `lightbox`',
    }),
    appData: Type.Optional(
      Nullable(Text({ maxLength: 4096, description: 'Opaque data for the app (e.g. from a link)' })),
    ),
    locale: Type.Optional(Locale),
  },
  { additionalProperties: false },
);

/** The claims of a signed request (the JWS payload). */
export const SignedRequestClaims = Type.Object({
  aud: Eid,
  sub: Eid,
  networkEID: Eid,
  userEID: Eid,
  role: Type.String({ description: '`admin` for every administrator variant' }),
  locale: Type.String(),
  device: Type.String(),
  position: Type.String(),
  appData: Nullable(Type.String()),
  entryPoint: Type.String(),
  iat: Type.Integer(),
  exp: Type.Integer(),
  jti: Eid,
});
export type SignedRequestClaimsValue = Static<typeof SignedRequestClaims>;

export const SignedRequestResource = halResource(
  'signed_request',
  {
    EID: Eid,
    app: Ref('app'),
    network: Ref('network'),
    entryPoint: EntryPointName,
    url: AppUrl,
    signedRequest: Type.String({ description: 'JWS compact serialization, HS256 (docs/decisions.md)' }),
    claims: SignedRequestClaims,
    expiresAt: Timestamp,
  },
  'A signed request for opening an app: post `signedRequest` to `url`.',
);

/** An app the caller signed in to with the authorization-code flow in this network. */
export const AuthorizedAppResource = halResource(
  'authorized_app',
  {
    EID: Eid,
    name: Type.String(),
    network: Ref('network'),
    scopes: Type.Array(Type.String()),
    authorized: Timestamp,
    created: Timestamp,
  },
  'An app the caller authorized in this network (EID = the app’s client_id); deleting it revokes its tokens.',
);
export const AuthorizedAppCollection = halCollection(
  'authorizedApps',
  AuthorizedAppResource,
  'Apps the caller authorized in this network, one page.',
);
