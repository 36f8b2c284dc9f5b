/**
 * The route table: the one source of truth for the gateway's routing and validation, the services'
 * handler registration, the OpenAPI document and the conformance tests (ARCHITECTURE §4).
 */
import { Type } from '@sinclair/typebox';
import { appsRoutes } from './apps/routes.js';
import type { ServiceName } from './core/envelope.js';
import { fieldsQuery } from './core/whitelisting.js';
import type { RouteDefinition } from './core/route-definition.js';
import { directoryRoutes } from './directory/routes.js';
import { groupsRoutes } from './groups/routes.js';
import { kbRoutes } from './kb/routes.js';
import { messagesRoutes } from './messages/routes.js';
import { networkRoutes } from './network/routes.js';
// Notifications: alerts.
import { notificationsNetworklessRoutes, notificationsRoutes } from './notifications/routes.js';
import { oauthRoutes, oauthTokenRoute } from './oauth/routes.js';
import { searchRoutes } from './search/routes.js';
// Saved items.
import { savedRoutes } from './saved/routes.js';
import { settingsRoutes } from './settings/routes.js';
// Tasks.
import { tasksRoutes } from './tasks/routes.js';
// Polls.
import { pollsRoutes } from './polls/routes.js';
// Events.
import { eventsRoutes } from './events/routes.js';
// Chat and the AI assistant.
import { assistantRoutes } from './assistant/routes.js';
import { chatPinRoutes, chatRoutes } from './chat/routes.js';
// Journeys.
import { journeysRoutes } from './journeys/routes.js';
// Directory: account operations.
import { accountRoutes } from './account/routes.js';
// Devices, push and white-label apps.
import { pushNetworklessRoutes, pushRoutes } from './push/routes.js';
// Notifications: app alerts and the live stream.
import { appAlertRoutes } from './notifications/app-alerts.js';
// Notifications: the live stream.
import { streamRoutes } from './notifications/stream.js';
// Notifications: app webhooks.
import { webhooksRoutes } from './webhooks/routes.js';
// Directory: group operations and app permissions.
import { groupOpsRoutes } from './groups/ops-routes.js';
// Directory: network operations.
import { networkAdminRoutes } from './network-admin/routes.js';
import { directorySyncRoutes } from './directory/sync.js';
// Files and folders.
import { filesRoutes } from './files/routes.js';
// Directory: branding.
import { brandingRoutes } from './branding/routes.js';
// Files: media.
import { filesMediaRoutes } from './files/media-routes.js';
// Directory (group operations): relations, users add/merge, widgets.
import { groupDirectoryRoutes } from './groups/directory-routes.js';

const routeTable = [
  oauthTokenRoute,
  ...networkRoutes,
  ...oauthRoutes,
  ...kbRoutes,
  ...directoryRoutes,
  ...groupsRoutes,
  ...settingsRoutes,
  ...appsRoutes,
  ...messagesRoutes,
  ...searchRoutes,
  // Saved items.
  ...savedRoutes,
  // Tasks.
  ...tasksRoutes,
  // Polls.
  ...pollsRoutes,
  // Events.
  ...eventsRoutes,
  // Notifications: alerts.
  ...notificationsRoutes,
  ...notificationsNetworklessRoutes,
  // Chat and the AI assistant.
  ...chatRoutes,
  ...chatPinRoutes,
  ...assistantRoutes,
  // Journeys.
  ...journeysRoutes,
  // Directory: account operations.
  ...accountRoutes,
  // Devices, push and white-label apps.
  ...pushRoutes,
  ...pushNetworklessRoutes,
  // Notifications: app alerts and the live stream.
  ...appAlertRoutes,
  // Notifications: the live stream.
  ...streamRoutes,
  // Notifications: app webhooks.
  ...webhooksRoutes,
  // Directory: group operations and app permissions.
  ...groupOpsRoutes,
  // Directory: network operations.
  ...networkAdminRoutes,
  ...directorySyncRoutes,
  // Files and folders.
  ...filesRoutes,
  // Directory: branding.
  ...brandingRoutes,
  // Files: media.
  ...filesMediaRoutes,
  // Directory (group operations): relations, users add/merge, widgets.
  ...groupDirectoryRoutes,
] as const satisfies readonly RouteDefinition[];

/**
 * Every GET that answers a resource takes the whitelist `fields` (core/whitelisting.ts), derived
 * here rather than declared by each route; a route that names optional properties (journeys'
 * `_meta`) declares its own, with the same schema and its own description.
 */
function withWhitelisting(route: RouteDefinition): RouteDefinition {
  if (route.method !== 'GET' || route.format !== 'hal' || route.query?.properties.fields) return route;
  const query = route.query ?? Type.Object({});
  return { ...route, query: { ...query, properties: { ...query.properties, ...fieldsQuery() } } };
}

/** The table as plain definitions, for code that walks every route (the gateway, the OpenAPI document). */
export const routes: readonly RouteDefinition[] = routeTable.map(withWhitelisting);

/** Any route of the table, with its literal types. */
export type AnyRoute = (typeof routeTable)[number];
/**
 * The routes a service handles: a network-less form (`networklessOf`) is answered by its scoped
 * route's handler, so it is not one of them.
 */
export type RoutesOf<S extends ServiceName> = Exclude<
  Extract<AnyRoute, { readonly service: S }>,
  { readonly networklessOf: string }
>;
/** The ids of the routes a service owns: the keys of its handler map. */
export type RouteIdOf<S extends ServiceName> = RoutesOf<S>['id'];

export function findRoute(id: string): RouteDefinition {
  const found = routes.find((r) => r.id === id);
  if (!found) throw new Error(`no route ${id} in the route table`);
  return found;
}

export function routesOf<S extends ServiceName>(service: S): readonly RoutesOf<S>[] {
  return routeTable.filter((r): r is RoutesOf<S> => r.service === service && !('networklessOf' in r));
}
