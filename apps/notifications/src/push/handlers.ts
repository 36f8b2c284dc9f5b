/** Handlers of the devices, push debug and white-label app routes (contracts push/routes.ts), by route id. */
import { pushRoutes } from '@ncs/contracts';
import { defineHandlers } from '@ncs/service-kit';
import { deviceOwnerOf, listDevices, pushDebug, registerDevice, removeDevice } from '../devices/devices.js';
import {
  createWhitelabelApp,
  getWhitelabelApp,
  listWhitelabelApps,
  networkCallerOf,
} from '../whitelabel/apps.js';
import type { PushModels } from './worker.js';

export interface PushDependencies {
  readonly push: PushModels;
}

export const pushHandlers = defineHandlers<PushDependencies>()(pushRoutes, {
  'device.list': ({ ctx, query }, { push }) => listDevices(push, deviceOwnerOf(ctx), query),
  'device.register': ({ ctx, body }, { push }) => registerDevice(push, deviceOwnerOf(ctx), body),
  'device.remove': ({ ctx, params }, { push }) => removeDevice(push, deviceOwnerOf(ctx), params.deviceEID),
  'pushDebug.get': ({ ctx }, { push }) => pushDebug(push, deviceOwnerOf(ctx)),
  'whitelabelApp.list': ({ ctx, query }, { push }) => listWhitelabelApps(push, networkCallerOf(ctx), query),
  'whitelabelApp.create': ({ ctx, body }, { push }) => createWhitelabelApp(push, networkCallerOf(ctx), body),
  'whitelabelApp.get': ({ ctx, params }, { push }) =>
    getWhitelabelApp(push, networkCallerOf(ctx), params.whitelabelAppEID),
});
