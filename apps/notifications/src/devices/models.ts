/**
 * Devices and their delivery outcomes, registered once on the service's own connection. Every
 * document carries `networkEID` and every index starts with it (ARCHITECTURE §10). Decisions:
 * docs/decisions.md, "Notifications: devices, push and white-label apps".
 *
 * - `devices`: one per push token and provider in a network (unique: registering a token again is
 *   the same device), owned by the profile that registered it last.
 * - `push_deliveries`: the outcome of each delivery to a device, the last `DELIVERIES_KEPT` per
 *   device (older rows are trimmed after each write): rows, not an array on the device, because
 *   FerretDB loses concurrent `$push`es to one document.
 */
import { Schema, type Connection, type InferSchemaType, type Model, type Types } from 'mongoose';
import { devicePlatforms, notificationProviders, pushDeliveryStatuses } from '@ncs/contracts';

export const DELIVERIES_KEPT = 20;

const deviceSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    notificationProvider: { type: String, enum: notificationProviders, required: true },
    platform: { type: String, enum: devicePlatforms, required: true },
    /** The provider's token: needed to send, never answered (only its last 4 characters). */
    token: { type: String, required: true },
    whitelabelAppEID: { type: String, default: null },
    created: { type: Date, required: true },
  },
  { strict: true, collection: 'devices', versionKey: false },
);
deviceSchema.index({ networkEID: 1, notificationProvider: 1, token: 1 }, { unique: true });
deviceSchema.index({ networkEID: 1, profileEID: 1, created: -1, _id: -1 });

const deliverySchema = new Schema(
  {
    networkEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    deviceEID: { type: String, required: true },
    tokenEnd: { type: String, required: true },
    messageType: { type: String, required: true },
    status: { type: String, enum: pushDeliveryStatuses, required: true },
    providerCode: { type: String, required: true },
    attempts: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  { strict: true, collection: 'push_deliveries', versionKey: false },
);
deliverySchema.index({ networkEID: 1, profileEID: 1, at: -1, _id: -1 });
deliverySchema.index({ networkEID: 1, deviceEID: 1, at: -1, _id: -1 });

export type DeviceDoc = InferSchemaType<typeof deviceSchema> & { readonly _id: Types.ObjectId };
export type DeliveryDoc = InferSchemaType<typeof deliverySchema> & { readonly _id: Types.ObjectId };

export interface DeviceModels {
  readonly Device: Model<DeviceDoc>;
  readonly Delivery: Model<DeliveryDoc>;
}

export function registerDeviceModels(connection: Connection): DeviceModels {
  return {
    Device: connection.model<DeviceDoc>('Device', deviceSchema),
    Delivery: connection.model<DeliveryDoc>('PushDelivery', deliverySchema),
  };
}
