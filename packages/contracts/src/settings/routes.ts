/**
 * Routes of the directory area "Menu, widgets, network themes, lobby, badge counters" (owned by
 * `auth`; badge counters are assembled by the gateway from messaging and notifications). Paths of
 * the theme endpoints are not shown in the spec: see docs/decisions.md.
 */
import { embedQuery, route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, NetworkParams, NoContent, strictObject } from '../core/schemas.js';
import { settingsInternalSubjects } from './internal-subjects.js';
import {
  badgeCounterFields,
  BadgeCountersResource,
  LobbyDataResource,
  LobbyQuery,
  MenuQuery,
  MenuResource,
  MenuUpdateBody,
  NetworkThemeCollection,
  NetworkThemeCreateBody,
  NetworkThemeResource,
  NetworkThemeUpdateBody,
  WidgetCollection,
  WidgetCreateBody,
  WidgetResource,
  WidgetUpdateBody,
  StrictPageQuery,
} from './resources.js';

const MANAGE_NETWORK = 'MANAGE_NETWORK';
const common = { service: 'auth', tag: 'Network and sessions', scope: 'network', format: 'hal' } as const;
const themes = { ...common, tag: 'Network themes' } as const;

const ThemeParams = strictObject({ networkEID: Eid, themeEID: Eid });
const WidgetParams = strictObject({ networkEID: Eid, widgetEID: Eid });
const WIDGETS = '/networks/{networkEID}/widgets';
const NoQuery = strictObject({});
const THEMES = '/networks/{networkEID}/themes';

export const settingsRoutes = [
  route({
    ...common,
    id: 'menu.get',
    method: 'GET',
    path: '/networks/{networkEID}/menu/',
    summary:
      'The menu for a device and version: `celebrations` only on ios/android with feature `celebrations_redesign` from 2026.1.7; items not for external users are left out for them',
    params: NetworkParams,
    query: MenuQuery,
    reply: { status: 200, schema: MenuResource },
  }),
  route({
    ...common,
    id: 'menu.update',
    method: 'PUT',
    path: '/networks/{networkEID}/menu/',
    summary: "Replace the network's custom menu links (administrators)",
    permission: MANAGE_NETWORK,
    params: NetworkParams,
    query: MenuQuery,
    body: MenuUpdateBody,
    reply: { status: 200, schema: MenuResource },
  }),
  route({
    ...common,
    id: 'widget.list',
    method: 'GET',
    path: '/networks/{networkEID}/widgets/',
    summary:
      'Widgets of the network; one extra `celebrations` entry when `celebrations_redesign` is on, `no_birth_info` off and the version supports it (2026.1.7), unless stored',
    params: NetworkParams,
    query: StrictPageQuery,
    reply: { status: 200, schema: WidgetCollection },
  }),
  route({
    ...common,
    id: 'widget.create',
    method: 'POST',
    path: `${WIDGETS}/`,
    summary: 'Add a widget to the network (administrators; at most 20)',
    permission: MANAGE_NETWORK,
    params: NetworkParams,
    query: NoQuery,
    body: WidgetCreateBody,
    reply: { status: 201, schema: WidgetResource },
  }),
  route({
    ...common,
    id: 'widget.update',
    method: 'PUT',
    path: `${WIDGETS}/{widgetEID}/`,
    summary: "Change a widget's position (the order) or visibility (administrators)",
    permission: MANAGE_NETWORK,
    params: WidgetParams,
    query: NoQuery,
    body: WidgetUpdateBody,
    reply: { status: 200, schema: WidgetResource },
  }),
  route({
    ...common,
    id: 'widget.delete',
    method: 'DELETE',
    path: `${WIDGETS}/{widgetEID}/`,
    summary: 'Remove a widget from the network (administrators)',
    permission: MANAGE_NETWORK,
    params: WidgetParams,
    query: NoQuery,
    reply: { status: 204, schema: NoContent },
  }),
  route({
    ...themes,
    id: 'theme.list',
    method: 'GET',
    path: `${THEMES}/`,
    summary: 'Themes of the network, oldest first',
    params: NetworkParams,
    query: StrictPageQuery,
    reply: { status: 200, schema: NetworkThemeCollection },
  }),
  route({
    ...themes,
    id: 'theme.create',
    method: 'POST',
    path: `${THEMES}/`,
    summary: 'Create a theme (administrators); `default: true` makes it the default one',
    permission: MANAGE_NETWORK,
    params: NetworkParams,
    query: NoQuery,
    body: NetworkThemeCreateBody,
    reply: { status: 201, schema: NetworkThemeResource },
  }),
  route({
    ...themes,
    id: 'theme.get',
    method: 'GET',
    path: `${THEMES}/{themeEID}/`,
    summary:
      'A theme, with `groups`: the groups using it that the caller may see (`embed=groups` embeds them)',
    params: ThemeParams,
    query: strictObject(embedQuery(['groups']).properties),
    embeddable: ['groups'],
    reply: { status: 200, schema: NetworkThemeResource },
  }),
  route({
    ...themes,
    id: 'theme.update',
    method: 'PUT',
    path: `${THEMES}/{themeEID}/`,
    summary: 'Edit a theme (administrators; only the fields sent change)',
    permission: MANAGE_NETWORK,
    params: ThemeParams,
    query: NoQuery,
    body: NetworkThemeUpdateBody,
    reply: { status: 200, schema: NetworkThemeResource },
  }),
  route({
    ...themes,
    id: 'theme.delete',
    method: 'DELETE',
    path: `${THEMES}/{themeEID}/`,
    summary: 'Delete a theme (administrators); deleting the default leaves the network without one',
    permission: MANAGE_NETWORK,
    params: ThemeParams,
    query: NoQuery,
    reply: { status: 204, schema: NoContent },
  }),
  route({
    ...common,
    id: 'lobby.get',
    method: 'GET',
    path: '/lobby/data',
    summary:
      "Lobby data of a network (`network=<EID>`, else the caller's oldest membership); `config.aiAssistantProfileEID` always present",
    networkQuery: 'network',
    query: LobbyQuery,
    reply: { status: 200, schema: LobbyDataResource },
  }),
  route({
    ...common,
    id: 'badgeCounters.get',
    method: 'GET',
    path: '/networks/{networkEID}/badgecounters/',
    summary:
      "The caller's badge counters, assembled by the gateway from messaging and notifications (null where an owner is unavailable)",
    params: NetworkParams,
    query: NoQuery,
    reply: { status: 200, schema: BadgeCountersResource },
    assembledFrom: [
      {
        service: 'messaging',
        subject: settingsInternalSubjects.messagingBadgeCounters.subject,
        fields: badgeCounterFields.messaging,
      },
      {
        service: 'notifications',
        subject: settingsInternalSubjects.notificationsBadgeCounters.subject,
        fields: badgeCounterFields.notifications,
      },
    ],
  }),
] as const satisfies readonly RouteDefinition[];
