/**
 * Route table entries of the notifications service (spec: "Search, timeline, alerts, messages":
 * `/alerts/markread`; Events). Part of `routes`. The spec writes markread without a network: it
 * is served per network, like the alert list, and at the spec's path too (`withoutNetwork`). No
 * route reads one alert: `…/alerts/{alertEID}/` would also match `…/alerts/markread`
 * (docs/decisions.md, "Notifications: alerts").
 */
import { route, type RouteDefinition } from '../core/route-definition.js';
import { withoutNetwork } from '../core/network-less.js';
import { NetworkParams } from '../core/schemas.js';
import { AlertCollection, AlertListQuery, AlertMarkreadBody, AlertMarkreadResource } from './resources.js';

const ALERTS = '/networks/{networkEID}/alerts';
const common = { service: 'notifications', tag: 'Alerts', scope: 'network', format: 'hal' } as const;

export const notificationsRoutes = [
  route({
    ...common,
    id: 'alert.list',
    method: 'GET',
    path: `${ALERTS}/`,
    summary: "The caller's alerts in the network, newest first (coalesced unless `coalesced=false`)",
    params: NetworkParams,
    query: AlertListQuery,
    reply: { status: 200, schema: AlertCollection },
  }),
  route({
    ...common,
    id: 'alert.markread',
    method: 'POST',
    path: `${ALERTS}/markread`,
    summary: "Mark the caller's unread alerts of a category (`all`: every category) read",
    params: NetworkParams,
    body: AlertMarkreadBody,
    reply: { status: 200, schema: AlertMarkreadResource },
  }),
] as const satisfies readonly RouteDefinition[];

/** The spec's `/alerts/markread` (the alert list has no network-less form in the spec). */
export const notificationsNetworklessRoutes = notificationsRoutes
  .filter((scoped) => scoped.id === 'alert.markread')
  .map(withoutNetwork);
