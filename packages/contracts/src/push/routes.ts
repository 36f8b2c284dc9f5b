/**
 * Route table entries of devices, push debug and white-label apps (spec: `/my-devices/`,
 * `/push-notifications/debug/`, `/whitelabel-apps/`), owned by the notifications service. The spec
 * writes them without a network: they are served per network, as the alerts they push are, and the
 * network's `whitelabelApps` link names `/networks/{EID}/whitelabel-apps/` (docs/decisions.md,
 * "Notifications: devices, push and white-label apps"); the spec's paths are served too, derived
 * from these (`pushNetworklessRoutes`, core/network-less.ts).
 */
import { route, type RouteDefinition } from '../core/route-definition.js';
import { withoutNetwork } from '../core/network-less.js';
import { NetworkParams, NoContent } from '../core/schemas.js';
import {
  DeviceCollection,
  DeviceListQuery,
  DeviceParams,
  DeviceRegisterBody,
  DeviceResource,
  PushDebugResource,
  WhitelabelAppCollection,
  WhitelabelAppCreateBody,
  WhitelabelAppParams,
  WhitelabelAppResource,
} from './resources.js';

const DEVICES = '/networks/{networkEID}/my-devices';
const WHITELABEL = '/networks/{networkEID}/whitelabel-apps';
const common = { service: 'notifications', scope: 'network', format: 'hal' } as const;

export const pushRoutes = [
  route({
    ...common,
    tag: 'Devices',
    id: 'device.list',
    method: 'GET',
    path: `${DEVICES}/`,
    summary:
      "The caller's devices in the network, newest first (push tokens shown by their last 4 characters)",
    params: NetworkParams,
    query: DeviceListQuery,
    reply: { status: 200, schema: DeviceCollection },
  }),
  route({
    ...common,
    tag: 'Devices',
    id: 'device.register',
    method: 'POST',
    path: `${DEVICES}/`,
    summary:
      'Register a device for push notifications: 201, or 200 when the caller registered this token already (a token another person registered moves to the caller)',
    params: NetworkParams,
    body: DeviceRegisterBody,
    reply: { status: 201, schema: DeviceResource, alsoStatus: [200] },
  }),
  route({
    ...common,
    tag: 'Devices',
    id: 'device.remove',
    method: 'DELETE',
    path: `${DEVICES}/{deviceEID}/`,
    summary: "Remove one of the caller's devices (another person's device is 404)",
    params: DeviceParams,
    reply: { status: 204, schema: NoContent },
  }),
  route({
    ...common,
    tag: 'Devices',
    id: 'pushDebug.get',
    method: 'GET',
    path: '/networks/{networkEID}/push-notifications/debug/',
    summary: "Diagnostics: the caller's devices and the outcomes of their last push deliveries",
    params: NetworkParams,
    reply: { status: 200, schema: PushDebugResource },
  }),
  route({
    ...common,
    tag: 'White-label apps',
    id: 'whitelabelApp.list',
    method: 'GET',
    path: `${WHITELABEL}/`,
    summary: "The network's white-label apps, oldest first (any member reads them)",
    params: NetworkParams,
    query: DeviceListQuery,
    reply: { status: 200, schema: WhitelabelAppCollection },
  }),
  route({
    ...common,
    tag: 'White-label apps',
    id: 'whitelabelApp.create',
    method: 'POST',
    path: `${WHITELABEL}/`,
    permission: 'MANAGE_NETWORK',
    summary: 'Register a white-label app of the network: network administrators only',
    params: NetworkParams,
    body: WhitelabelAppCreateBody,
    reply: { status: 201, schema: WhitelabelAppResource },
  }),
  route({
    ...common,
    tag: 'White-label apps',
    id: 'whitelabelApp.get',
    method: 'GET',
    path: `${WHITELABEL}/{whitelabelAppEID}/`,
    summary: 'One white-label app of the network',
    params: WhitelabelAppParams,
    reply: { status: 200, schema: WhitelabelAppResource },
  }),
] as const satisfies readonly RouteDefinition[];

/** The spec's paths of the same routes: `/my-devices/`, `/push-notifications/debug/`, `/whitelabel-apps/`. */
export const pushNetworklessRoutes = pushRoutes.map(withoutNetwork);
