/**
 * Resource and request schemas of the directory area "Menu, widgets, network themes, lobby, badge
 * counters" (spec: Network theme; Network and sessions: menu, widgets, lobby, badge counters; Other
 * resources: App entry point, appMenuItem context, Custom menu link item, Badge counters); the
 * link relations of its resource types are in links.ts. Choices where the spec is
 * silent are recorded in docs/decisions.md, section "Directory: menu, widgets, themes, lobby and
 * counters".
 */
import { Type, type Static } from '@sinclair/typebox';
import { PaginationQuery } from '../core/pagination.js';
import {
  Eid,
  halCollection,
  HalLinks,
  halResource,
  HexColour,
  ImageUrl,
  Nullable,
  Ref,
  strictObject,
  Timestamp,
  describedEid,
} from '../core/schemas.js';
import { ABSOLUTE_HTTP_URL_PATTERN, Name } from '../core/text-hygiene.js';

/** An absolute http(s) URL (custom menu links, login backgrounds). */
export const AbsoluteHttpUrl = Type.String({
  maxLength: 2000,
  pattern: ABSOLUTE_HTTP_URL_PATTERN,
  format: 'uri',
  description: 'Absolute http(s) URL',
});

/** `major.minor.patch`, as the versions of the media type. */
const apiVersion = (description: string) =>
  Type.String({
    maxLength: 40,
    pattern: '^(0|[1-9]\\d*)\\.(0|[1-9]\\d*)\\.(0|[1-9]\\d*)$',
    description,
  });

// ---------------------------------------------------------------------------------------------
// Menu

export const menuDevices = ['ios', 'android', 'web', 'web_mobile'] as const;
export type MenuDevice = (typeof menuDevices)[number];

export const MenuQuery = strictObject({
  device: Type.Optional(
    Type.Union(
      menuDevices.map((d) => Type.Literal(d)),
      { default: 'web', description: '`ios`, `android`, `web` (default) or `web_mobile`' },
    ),
  ),
  version: Type.Optional(
    apiVersion(
      'Version whose menu rules apply (e.g. `celebrations` from 2026.1.7); default: the negotiated API version',
    ),
  ),
});

export const menuItemTypes = ['builtin', 'app', 'link'] as const;

export const MenuItemContext = Type.Object(
  {
    includeExternalUsers: Type.Optional(
      Type.Boolean({
        description:
          'Whether external users see the item (default true); readable from 2026.1.9; read-only on app items',
      }),
    ),
    isDynamic: Type.Optional(Type.Boolean({ description: 'App items: the app computes the entry itself' })),
  },
  { additionalProperties: false },
);

export const MenuItemResource = halResource(
  'menu_item',
  {
    EID: Type.Optional(Eid),
    itemType: Type.Union(
      menuItemTypes.map((t) => Type.Literal(t)),
      { description: '`builtin` (a platform section, by `name`), `app` (an app entry point) or `link`' },
    ),
    name: Type.Optional(Type.String({ description: 'Built-in items: the section, e.g. `celebrations`' })),
    label: Type.Optional(Type.String()),
    url: Type.Optional(Type.String()),
    fallbackUrl: Type.Optional(
      Nullable(Type.String({ description: 'App items: the entry point’s fallback URL, if any' })),
    ),
    entryPoint: Type.Optional(
      Type.String({
        description: 'App items: the name of the app’s entry point (what `signrequest` takes to open it)',
      }),
    ),
    app: Type.Optional(Type.Object({ type: Type.Literal('app'), EID: Type.String() })),
    context: Type.Optional(MenuItemContext),
  },
  'An item of the network menu: a built-in section, an app entry point or a custom link.',
);

export const MenuResource = Type.Object(
  {
    type: Type.Literal('menu'),
    EID: describedEid('The network whose menu this is'),
    device: Type.Union(menuDevices.map((d) => Type.Literal(d))),
    version: apiVersion('The version whose menu rules were applied'),
    _links: HalLinks,
    _embedded: Type.Object({ items: Type.Array(MenuItemResource) }),
  },
  {
    $id: 'resource.menu',
    description:
      'The menu of a network for one device and version, items under `_embedded.items` in display order.',
  },
);

export const CustomLinkInput = strictObject({
  EID: Type.Optional(
    describedEid('An existing link of the menu to keep (its EID stays); absent: a new link'),
  ),
  label: Name({ maxLength: 100 }),
  url: AbsoluteHttpUrl,
  context: Type.Optional(
    strictObject({
      includeExternalUsers: Type.Optional(
        Type.Boolean({ description: 'Default true for a new link; absent keeps the stored value' }),
      ),
    }),
  ),
});
export type CustomLinkInputBody = Static<typeof CustomLinkInput>;

/** `PUT …/menu/`: the network's custom links, in order; the list replaces the stored one. */
export const MenuUpdateBody = strictObject({
  customLinks: Type.Array(CustomLinkInput, { maxItems: 50 }),
});

// ---------------------------------------------------------------------------------------------
// Widgets

export const WidgetResource = halResource(
  'widget',
  {
    EID: Type.Optional(Eid),
    widgetType: Type.String(),
    visible: Type.Boolean(),
    position: Type.Optional(Type.Integer({ minimum: 0 })),
    created: Type.Optional(Timestamp),
  },
  'A widget of the network (the extra `celebrations` entry has no EID: it is not stored).',
);
export const WidgetCollection = halCollection('widgets', WidgetResource, 'Widgets of a network, one page.');
/** At most this many stored widgets per network (the extra `celebrations` entry is not counted). */
export const widgetsPerNetwork = 20;
const WidgetPosition = Type.Integer({ minimum: 0, maximum: 999 });
/** `POST …/widgets/` (administrators): position and visibility as for group widgets. */
export const WidgetCreateBody = strictObject({
  widgetType: Type.String({
    pattern: '^[a-z][a-z0-9_]{0,49}$',
    description: 'e.g. `celebrations`, `birthdays`',
  }),
  position: Type.Optional(WidgetPosition),
  visible: Type.Optional(Type.Boolean()),
});
/** `PUT …/widgets/{widgetEID}/` (administrators): ordering is by `position`; only the fields sent change. */
export const WidgetUpdateBody = Type.Object(
  { position: Type.Optional(WidgetPosition), visible: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);
/** `limit` and `offset` and nothing else. */
export const StrictPageQuery = Type.Object(PaginationQuery.properties, { additionalProperties: false });

// ---------------------------------------------------------------------------------------------
// Network themes

/** A header of the knowledge base styled by the theme (later theme additions). */
export const ThemeHeader = strictObject({
  backgroundUrl: Type.Optional(Nullable(ImageUrl)),
  color: Type.Optional(Nullable(HexColour)),
});

export const faviconMimeTypes = [
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/png',
  'image/svg+xml',
] as const;
export const ThemeFavicon = strictObject({
  url: ImageUrl,
  mimeType: Type.Optional(Type.Union(faviconMimeTypes.map((m) => Type.Literal(m)))),
});

/** Named colours of the theme's palette, e.g. `{ "primary": "#112233", "50": "#f0f0f0" }`. */
export const ThemeSpectrum = Type.Record(Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' }), HexColour, {
  maxProperties: 32,
  additionalProperties: false,
  description: 'Palette: names (letters, digits, `_`, `-`; at most 32) to `#rrggbb` colours',
});
export const ThemeProperties = strictObject({ spectrum: Type.Optional(ThemeSpectrum) });

export const ThemeEmblemRef = strictObject({
  type: Type.String({ pattern: '^[a-z][a-z_]{0,49}$' }),
  EID: Eid,
});

const ThemeWritable = {
  name: Name({ maxLength: 200 }),
  default: Type.Boolean({ description: 'The default theme of the network (at most one)' }),
  backgroundUrl: Nullable(ImageUrl),
  buttonColor: Nullable(HexColour),
  headerColor: Nullable(HexColour),
  linkColor: Nullable(HexColour),
  tertiary: Nullable(HexColour),
  groupHeaderBackgroundUrl: Nullable(ImageUrl),
  newsHeaderBackgroundUrl: Nullable(ImageUrl),
  eventHeaderBackgroundUrl: Nullable(ImageUrl),
  userHeaderBackgroundUrl: Nullable(ImageUrl),
  loginBackgroundUrls: Type.Array(AbsoluteHttpUrl, { maxItems: 20 }),
  emblem: Nullable(ThemeEmblemRef),
  favicon: Nullable(ThemeFavicon),
  properties: ThemeProperties,
  knowledgeBaseHomeHeader: Nullable(ThemeHeader),
  knowledgeBaseCategoryHeader: Nullable(ThemeHeader),
  knowledgeBasePageHeader: Nullable(ThemeHeader),
};
export const themeWritableFields = Object.keys(ThemeWritable) as (keyof typeof ThemeWritable)[];

/** At most this many groups are referenced (and so embedded) by one theme: one page of groups. */
export const THEME_GROUPS_SHOWN = 100;

export const NetworkThemeResource = halResource(
  'network_theme',
  {
    EID: Eid,
    ...ThemeWritable,
    emblemThumbnailUrl: Nullable(
      Type.String({ description: 'read-only: file URL of the emblem thumbnail (null until files exist)' }),
    ),
    created: Timestamp,
    lastModified: Timestamp,
    groups: Type.Array(Ref('group'), {
      maxItems: THEME_GROUPS_SHOWN,
      description: `read-only: the groups of the network using this theme that the caller may see, by name (at most ${THEME_GROUPS_SHOWN}); \`embed=groups\` embeds them`,
    }),
    numGroups: Type.Integer({
      minimum: 0,
      description: 'read-only: how many groups of the network using this theme the caller may see',
    }),
  },
  'UI settings of a network (colours, backgrounds, emblem, favicon, knowledge-base headers) and the groups that use it.',
);
export type NetworkTheme = Static<typeof NetworkThemeResource>;
export const NetworkThemeCollection = halCollection(
  'themes',
  NetworkThemeResource,
  'Themes of a network, oldest first, one page.',
);

export const NetworkThemeCreateBody = Type.Object(
  {
    name: ThemeWritable.name,
    ...Object.fromEntries(
      Object.entries(ThemeWritable)
        .filter(([k]) => k !== 'name')
        .map(([k, v]) => [k, Type.Optional(v)]),
    ),
  },
  { additionalProperties: false },
);
export const NetworkThemeUpdateBody = Type.Object(
  Object.fromEntries(Object.entries(ThemeWritable).map(([k, v]) => [k, Type.Optional(v)])),
  { additionalProperties: false, minProperties: 1 },
);

// ---------------------------------------------------------------------------------------------
// Badge counters, lobby

const Counter = Nullable(
  Type.Integer({ minimum: 0, description: 'null while the owning service is unavailable' }),
);
export const badgeCounterFields = {
  messaging: ['numScheduledItems', 'numUnrespondedEvents'],
  notifications: ['numAdminAlerts', 'numUnreadAlertsCoalesced'],
} as const;

export const BadgeCountersResource = halResource(
  'badge_counters',
  {
    EID: describedEid('The profile whose counters these are (they count per person)'),
    numScheduledItems: Counter,
    numUnrespondedEvents: Counter,
    numAdminAlerts: Counter,
    numUnreadAlertsCoalesced: Counter,
  },
  "The caller's badge counters in a network, assembled by the gateway from their owners.",
);

export const LobbyQuery = strictObject({
  network: Type.Optional(describedEid("The network (EID); default: the caller's oldest membership")),
});

export const LobbyDataResource = halResource(
  'lobby_data',
  {
    EID: describedEid('The network the lobby opens (as `network.EID`)'),
    network: Ref('network'),
    config: Type.Object({
      aiAssistantProfileEID: Nullable(
        describedEid(
          "The network's AI assistant profile when feature `ai_assistant_settings` is on and an assistant exists",
        ),
      ),
    }),
  },
  'What a client needs to open a network: the chosen network and its configuration.',
);
