/**
 * What the gateway reads for a live stream: the caller's counters when the stream opens, and the
 * alerts that the log's `notifications.alert.delivered` events name, as the alert list shows them,
 * when it delivers those events (`internalSubjects.streamAlerts`). One bounded read on the index
 * `networkEID, recipientEID, _id`: an alert of another person is never found.
 */
import { Types } from 'mongoose';
import {
  DomainError,
  type RequestContext,
  type StreamAlertsReply,
  type StreamCounters,
  type StreamOpenReply,
} from '@ncs/contracts';
import { alertAggregates } from '../alerts/aggregates.js';
import { badgeCounters, userAlertCounters } from '../alerts/counters.js';
import type { AlertModels } from '../alerts/models.js';
import { presentAlert } from '../alerts/reading.js';

export interface StreamCaller {
  readonly networkEID: string;
  readonly profileEID: string;
}

/** The stream belongs to users: an app token has no alerts. */
export function streamCallerOf(ctx: RequestContext): StreamCaller {
  const profileEID = ctx.principal?.profileEID;
  if (!ctx.networkEID || !profileEID) throw new DomainError('NOTIFICATIONS_ERR_STREAM_FOR_USERS');
  return { networkEID: ctx.networkEID, profileEID };
}

export async function streamCounters(models: AlertModels, caller: StreamCaller): Promise<StreamCounters> {
  const { networkEID, profileEID } = caller;
  const [badge, [user]] = await Promise.all([
    badgeCounters(models, networkEID, profileEID),
    userAlertCounters(models, { profiles: [{ networkEID, profileEID }] }),
  ]);
  return {
    numUnreadAlertsCoalesced: badge.numUnreadAlertsCoalesced,
    numAdminAlerts: badge.numAdminAlerts,
    numNonActionRequiredAlertsCoalesced: user?.numNonActionRequiredAlertsCoalesced ?? 0,
    numActionRequiredAlerts: user?.numActionRequiredAlerts ?? 0,
  };
}

export async function streamOpened(models: AlertModels, caller: StreamCaller): Promise<StreamOpenReply> {
  return { counters: await streamCounters(models, caller) };
}

/** The caller's alerts among `alertEIDs` (none of another person's), with the counters. */
export async function streamAlerts(
  models: AlertModels,
  caller: StreamCaller,
  alertEIDs: readonly string[],
): Promise<StreamAlertsReply> {
  const owner = { networkEID: caller.networkEID, recipientEID: caller.profileEID };
  const counters = streamCounters(models, caller);
  const ids = [...new Set(alertEIDs)];
  const docs =
    ids.length === 0
      ? []
      : await models.Alert.find({ ...owner, _id: { $in: ids.map((id) => new Types.ObjectId(id)) } }).lean();
  const aggregates = await alertAggregates(models, owner, ids);
  const alerts = docs.map((doc) => ({
    EID: String(doc._id),
    alert: presentAlert(doc, aggregates.get(String(doc._id))),
  }));
  return { alerts, counters: await counters };
}
