/**
 * Notifications: app alerts. A durable consumer (`notifications-app-alerts`) of
 * `auth.membership.activated`: the pending app alerts of the person who joined are delivered, then
 * their rows removed. Idempotent: a redelivered event finds the rows gone, or (died between the two
 * steps) delivers again into the same alert occurrence (unique on the event id), so nothing doubles.
 */
import type { CatalogueEvent } from '@ncs/contracts';
import { startEventConsumer, type EventConsumer, type ServiceRuntime } from '@ncs/service-kit';
import type { AlertModels } from '../alerts/models.js';
import { deliverAlert } from '../alerts/writing.js';
import type { AppAlertModels } from './models.js';
import { appAlertOccurrence } from './sending.js';

export const APP_ALERTS_DURABLE = 'notifications-app-alerts';
const PAGE = 200;
const ACTIVATED = 'auth.membership.activated';
export type ActivatedEvent = CatalogueEvent<typeof ACTIVATED>;

/** The person an `auth.membership.activated` event reports active. */
export function joinedProfile(event: ActivatedEvent): string {
  return event.data.user.EID;
}

/** Delivers the pending app alerts of the person `event` reports active. */
export async function deliverPending(alerts: AlertModels, appAlerts: AppAlertModels, event: ActivatedEvent) {
  const profileEID = joinedProfile(event);
  const networkEID = event.networkEID;
  if (networkEID === undefined) return;
  for (;;) {
    const rows = await appAlerts.PendingAppAlert.find({ networkEID, profileEID })
      .sort({ sendId: 1 })
      .limit(PAGE)
      .lean();
    for (const row of rows) {
      const appData = row.appData ? (JSON.parse(row.appData) as Record<string, unknown>) : null;
      await deliverAlert(
        alerts,
        appAlertOccurrence(networkEID, profileEID, { ...row, appData, created: row.created }),
      );
    }
    if (rows.length > 0) {
      await appAlerts.PendingAppAlert.deleteMany({
        networkEID,
        profileEID,
        _id: { $in: rows.map((r) => r._id) },
      });
    }
    if (rows.length < PAGE) return;
  }
}

export function startAppAlertsConsumer(
  runtime: ServiceRuntime,
  alerts: AlertModels,
  appAlerts: AppAlertModels,
): EventConsumer {
  return startEventConsumer({
    nats: runtime.nats,
    connection: runtime.db,
    durable: APP_ALERTS_DURABLE,
    events: [ACTIVATED],
    logger: runtime.logger,
    handle: (event) => deliverPending(alerts, appAlerts, event),
  });
}
