/**
 * Directory: network operations. What `PUT /networks/{networkEID}` takes besides
 * the settings (the spec's write context: `sso`, `favicon`, `theme`, `emailDeliveryFormat`) and how
 * the network shows them. Spread into the network's writable fields and its representation.
 * Files (branding images): `defaultAvatar` and `defaultEmblems` name uploaded images.
 */
import { Type } from '@sinclair/typebox';
import { Eid, ImageUrl, Nullable, strictObject } from '../core/schemas.js';
import { ABSOLUTE_HTTP_URL_PATTERN, Name } from '../core/text-hygiene.js';

/** How the network's e-mails are sent (default `html`). */
export const emailDeliveryFormats = ['html', 'plain_text'] as const;
export type EmailDeliveryFormat = (typeof emailDeliveryFormats)[number];
const EmailDeliveryFormatSchema = Type.Union(
  emailDeliveryFormats.map((v) => Type.Literal(v)),
  { description: 'how e-mails of the network are sent; default `html`' },
);

const HttpUrl = Type.String({ pattern: ABSOLUTE_HTTP_URL_PATTERN, maxLength: 2000 });

/**
 * The id of an identity provider: what `GET /auth?idp=<id>` names. A short slug, so it can never be
 * read as a URL (no `:`, `/` or `.`).
 */
export const IDENTITY_PROVIDER_ID_PATTERN = '^[a-z0-9][a-z0-9_-]{0,63}$';
export const MAX_IDENTITY_PROVIDERS = 10;

/** One identity provider of the network: `GET /auth?idp=<id>` redirects to its `loginUrl`. */
export const NetworkIdentityProvider = strictObject({
  id: Type.String({
    pattern: IDENTITY_PROVIDER_ID_PATTERN,
    description: 'what `GET /auth?idp=<id>` names; unique within the network',
  }),
  name: Name({ maxLength: 100, description: 'shown to people' }),
  loginUrl: HttpUrl,
});

/** Single sign-on: where members sign in (and out) at the network's identity provider(s). */
export const NetworkSso = strictObject({
  enabled: Type.Boolean(),
  loginUrl: Nullable(HttpUrl),
  logoutUrl: Type.Optional(Nullable(HttpUrl)),
  identityProviders: Type.Optional(
    Type.Array(NetworkIdentityProvider, {
      maxItems: MAX_IDENTITY_PROVIDERS,
      description:
        'providers `GET /auth?idp=<id>` redirects to (ids unique: a repeated id is 400 -141); absent: unchanged',
    }),
  ),
});

export const networkFaviconMimeTypes = [
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/png',
  'image/svg+xml',
] as const;
export const NetworkFavicon = strictObject({
  url: ImageUrl,
  mimeType: Type.Optional(Type.Union(networkFaviconMimeTypes.map((m) => Type.Literal(m)))),
});

/** A theme of the same network (`GET /networks/{networkEID}/themes/`), or null for none. */
export const NetworkThemeRef = strictObject({ type: Type.Literal('network_theme'), EID: Eid });

/** Files (branding images): an uploaded image of the network (a network asset once named). */
export const NetworkImageRef = strictObject({ type: Type.Literal('file'), EID: Eid });

/**
 * The group types a default emblem is set for: the names of contracts groups/resources.ts
 * `groupTypeNames` (this area may not import that one: structure.test.ts; a unit test keeps the two
 * equal).
 */
export const defaultEmblemGroupTypes = ['business_unit', 'department', 'local_department', 'group'] as const;

const DefaultEmblems = Type.Object(
  Object.fromEntries(defaultEmblemGroupTypes.map((name) => [name, Type.Optional(Nullable(NetworkImageRef))])),
  {
    additionalProperties: false,
    description:
      "per group type, an uploaded image that is the default emblem of the network's groups of that type; null or absent: the generated SVG",
  },
);

export const networkWriteContextFields = {
  sso: Nullable(NetworkSso),
  favicon: Nullable(NetworkFavicon),
  theme: Nullable(NetworkThemeRef),
  emailDeliveryFormat: EmailDeliveryFormatSchema,
  // Files: branding images.
  defaultAvatar: Type.Union([NetworkImageRef, Type.Null()], {
    description:
      "an uploaded image that is every profile's `defaultAvatarUrl` (its 270x270 thumbnail); null: the generated SVGs",
  }),
  defaultEmblems: DefaultEmblems,
};

export const networkWriteContextReadFields = {
  sso: Type.Optional(
    Nullable(
      Type.Object(
        {
          enabled: Type.Boolean(),
          loginUrl: Nullable(Type.String()),
          logoutUrl: Nullable(Type.String()),
          identityProviders: Type.Array(
            Type.Object({ id: Type.String(), name: Type.String(), loginUrl: Type.String() }),
          ),
        },
        { description: 'administrators only' },
      ),
    ),
  ),
  favicon: Nullable(Type.Object({ url: Type.String(), mimeType: Type.Optional(Type.String()) })),
  theme: Nullable(Type.Object({ type: Type.Literal('network_theme'), EID: Eid })),
  emailDeliveryFormat: Type.String({ description: '`html` (default) or `plain_text`' }),
  // Files: branding images.
  defaultAvatar: Nullable(NetworkImageRef),
  defaultEmblems: Type.Object(
    Object.fromEntries(defaultEmblemGroupTypes.map((name) => [name, Nullable(NetworkImageRef)])),
    { description: 'per group type: the uploaded default emblem, null for the generated SVG' },
  ),
};
