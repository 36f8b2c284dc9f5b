/**
 * Notifications: app alerts. `pending_app_alerts`: an app alert for a pending invitee
 * (an invitation not yet accepted), kept until auth reports that profile active
 * (`auth.membership.activated`) and then delivered as an ordinary alert. The invitation's pending
 * profile is the key: renewing the invitation keeps it. Unique `{networkEID, profileEID, sendId}`:
 * one row per send and person, however often it is retried.
 */
import { Schema, type Connection, type InferSchemaType, type Model, type Types } from 'mongoose';

const pendingAppAlertSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    profileEID: { type: String, required: true },
    /** The send's EID (`app_alert.EID`); the alert's event id is derived from it. */
    sendId: { type: String, required: true },
    appEID: { type: String, required: true },
    /** The app's data as JSON text (keys may hold `.` or `$`). */
    appData: { type: String, default: null },
    created: { type: Date, required: true },
  },
  { strict: true, collection: 'pending_app_alerts', versionKey: false },
);
pendingAppAlertSchema.index({ networkEID: 1, profileEID: 1, sendId: 1 }, { unique: true });

export type PendingAppAlertDoc = InferSchemaType<typeof pendingAppAlertSchema> & {
  readonly _id: Types.ObjectId;
};

export interface AppAlertModels {
  readonly PendingAppAlert: Model<PendingAppAlertDoc>;
}

export function registerAppAlertModels(connection: Connection): AppAlertModels {
  return { PendingAppAlert: connection.model<PendingAppAlertDoc>('PendingAppAlert', pendingAppAlertSchema) };
}
