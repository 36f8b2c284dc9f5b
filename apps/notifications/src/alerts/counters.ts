/**
 * The alert counters (spec: Badge counters, whoami.networks._user): bounded counts on the
 * recipient's index, capped at `COUNTER_CAP` (docs/decisions.md, "Notifications: alerts"). A count
 * is always in step with the alerts; no counter document can drift.
 */
import type { AlertCountersItem, AlertCountersRequest } from '@ncs/contracts';
import type { AlertModels } from './models.js';
import { COUNTER_CAP } from './rules.js';

function countUnread(models: AlertModels, networkEID: string, recipientEID: string, more: object) {
  return models.Alert.countDocuments(
    { networkEID, recipientEID, read: false, ...more },
    { limit: COUNTER_CAP },
  );
}

/** The notifications part of `badgeCounters.get`. */
export async function badgeCounters(models: AlertModels, networkEID: string, profileEID: string) {
  const [numUnreadAlertsCoalesced, numAdminAlerts] = await Promise.all([
    countUnread(models, networkEID, profileEID, {}),
    countUnread(models, networkEID, profileEID, { category: 'admin' }),
  ]);
  return { numAdminAlerts, numUnreadAlertsCoalesced };
}

/** Profiles one `alertCounters` request may name (a person's networks). */
export const COUNTERS_BATCH_MAX = 200;

/** whoami's `_user` counters for each profile named. */
export async function userAlertCounters(
  models: AlertModels,
  request: AlertCountersRequest,
): Promise<AlertCountersItem[]> {
  return Promise.all(
    request.profiles.slice(0, COUNTERS_BATCH_MAX).map(async ({ networkEID, profileEID }) => {
      const [numNonActionRequiredAlertsCoalesced, numActionRequiredAlerts] = await Promise.all([
        countUnread(models, networkEID, profileEID, { actionable: false }),
        countUnread(models, networkEID, profileEID, { actionable: true }),
      ]);
      return { networkEID, profileEID, numNonActionRequiredAlertsCoalesced, numActionRequiredAlerts };
    }),
  );
}
