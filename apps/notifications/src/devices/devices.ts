/**
 * A person's devices in a network: register (idempotent on the token), list, remove, and the push
 * diagnostics. Another person's device is answered 404, as one that does not exist. The token is
 * never answered, only its last 4 characters (docs/decisions.md, "Notifications: devices, push and
 * white-label apps").
 */
import {
  DomainError,
  toTimestamp,
  type PlainCollection,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import { isDuplicateKeyError, pageOf, withStatus, type RequestOf } from '@ncs/service-kit';
import { Types } from 'mongoose';
import { findWhitelabelApp } from '../whitelabel/apps.js';
import type { WhitelabelModels } from '../whitelabel/models.js';
import type { DeliveryDoc, DeviceDoc, DeviceModels } from './models.js';

export interface DeviceOwner {
  readonly networkEID: string;
  readonly profileEID: string;
}

/** Devices belong to users: an app token has no profile, hence no devices. */
export function deviceOwnerOf(ctx: RequestContext): DeviceOwner {
  const profileEID = ctx.principal?.profileEID;
  if (!ctx.networkEID || !profileEID) throw new DomainError('PUSH_ERR_DEVICES_FOR_USERS');
  return { networkEID: ctx.networkEID, profileEID };
}

export const tokenEndOf = (token: string) => token.slice(-4);

export function presentDevice(doc: DeviceDoc): PlainResource {
  return {
    type: 'device',
    EID: String(doc._id),
    notificationProvider: doc.notificationProvider,
    platform: doc.platform,
    pushTokenEnd: tokenEndOf(doc.token),
    whitelabelApp: doc.whitelabelAppEID ? { type: 'whitelabel_app', EID: doc.whitelabelAppEID } : null,
    created: toTimestamp(doc.created),
  };
}

export function listDevices(
  models: DeviceModels,
  owner: DeviceOwner,
  query: RequestOf<'device.list'>['query'],
): Promise<PlainCollection> {
  return pageOf(
    models.Device,
    { filter: { ...owner }, sort: { created: -1, _id: -1 } },
    { limit: query.limit, offset: query.offset },
    { itemType: 'device', rel: 'devices' },
    (docs) => docs.map(presentDevice),
  );
}

type RegisterBody = RequestOf<'device.register'>['body'];

/**
 * Registers the token: 201 with a new device; 200 with the device when it exists (the same token
 * and provider in the network), moved to the caller by a conditional update when another person
 * registered it (the phone changed hands; the previous owner must not get the caller's alerts).
 */
export async function registerDevice(
  models: DeviceModels & WhitelabelModels,
  owner: DeviceOwner,
  body: RegisterBody,
) {
  const whitelabelAppEID = body.whitelabelApp?.EID ?? null;
  if (whitelabelAppEID !== null && !(await findWhitelabelApp(models, owner.networkEID, whitelabelAppEID))) {
    throw new DomainError('PUSH_ERR_WHITELABEL_APP_UNKNOWN', undefined, [
      { pointer: '/body/whitelabelApp/EID', message: 'names no white-label app of this network' },
    ]);
  }
  const key = {
    networkEID: owner.networkEID,
    notificationProvider: body.notificationProvider,
    token: body.pushToken,
  };
  const fields = { profileEID: owner.profileEID, platform: body.platform, whitelabelAppEID };
  try {
    const created = await models.Device.create({ ...key, ...fields, created: new Date() });
    return presentDevice(created.toObject<DeviceDoc>());
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  const existing = await models.Device.findOneAndUpdate(
    key,
    { $set: fields },
    { returnDocument: 'after' },
  ).lean<DeviceDoc>();
  if (!existing) throw new DomainError('CONFLICT', 'The device was removed meanwhile; register it again.');
  return withStatus(200, presentDevice(existing));
}

export async function removeDevice(
  models: DeviceModels,
  owner: DeviceOwner,
  deviceEID: string,
): Promise<null> {
  if (!Types.ObjectId.isValid(deviceEID)) throw new DomainError('PUSH_ERR_DEVICE_NOT_FOUND');
  const removed = await models.Device.deleteOne({ ...owner, _id: new Types.ObjectId(deviceEID) });
  if (removed.deletedCount === 0) throw new DomainError('PUSH_ERR_DEVICE_NOT_FOUND');
  return null;
}

/** Devices shown by the diagnostics, and delivery outcomes (newest first). */
const DEBUG_DEVICES = 50;
const DEBUG_DELIVERIES = 50;

function presentDelivery(doc: DeliveryDoc) {
  return {
    device: { type: 'device', EID: doc.deviceEID },
    pushTokenEnd: doc.tokenEnd,
    messageType: doc.messageType,
    status: doc.status,
    providerCode: doc.providerCode,
    attempts: doc.attempts,
    at: toTimestamp(doc.at),
  };
}

export async function pushDebug(models: DeviceModels, owner: DeviceOwner): Promise<PlainResource> {
  const [devices, deliveries] = await Promise.all([
    models.Device.find({ ...owner })
      .sort({ created: -1, _id: -1 })
      .limit(DEBUG_DEVICES)
      .lean<DeviceDoc[]>(),
    models.Delivery.find({ ...owner })
      .sort({ at: -1, _id: -1 })
      .limit(DEBUG_DELIVERIES)
      .lean<DeliveryDoc[]>(),
  ]);
  return {
    type: 'push_debug',
    EID: owner.profileEID,
    devices: devices.map(presentDevice),
    deliveries: deliveries.map(presentDelivery),
  };
}
