/**
 * What the gateway reads for a live stream (`internalSubjects.streamEvents`): the caller's events
 * after an id, one per alert occurrence (the occurrence's ObjectId is the event id: new for every
 * occurrence, merged or not, and ordered), each with its coalesced alert as the alert list shows
 * it, and the counters. One bounded page on the index `networkEID, recipientEID, _id`.
 */
import { Types } from 'mongoose';
import {
  DomainError,
  STREAM_PAGE_MAX,
  type RequestContext,
  type StreamCounters,
  type StreamEventsReply,
} from '@ncs/contracts';
import { alertAggregates } from '../alerts/aggregates.js';
import { badgeCounters, userAlertCounters } from '../alerts/counters.js';
import type { AlertModels } from '../alerts/models.js';
import { presentAlert } from '../alerts/reading.js';
import { eventPage } from './rules.js';

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

async function newestEventId(models: AlertModels, caller: StreamCaller): Promise<string | null> {
  const newest = await models.Occurrence.findOne(
    { networkEID: caller.networkEID, recipientEID: caller.profileEID },
    { _id: 1 },
  )
    .sort({ _id: -1 })
    .lean();
  return newest ? String(newest._id) : null;
}

/** The caller's events after `after` (none when null), oldest first, with the counters. */
export async function streamEvents(
  models: AlertModels,
  caller: StreamCaller,
  after: string | null,
): Promise<StreamEventsReply> {
  const owner = { networkEID: caller.networkEID, recipientEID: caller.profileEID };
  const counters = streamCounters(models, caller);
  if (after === null)
    return {
      events: [],
      more: false,
      newestId: await newestEventId(models, caller),
      counters: await counters,
    };
  const docs = await models.Occurrence.find(
    { ...owner, _id: { $gt: new Types.ObjectId(after) } },
    { _id: 1, alertId: 1, merged: 1 },
  )
    .sort({ _id: 1 })
    .limit(STREAM_PAGE_MAX + 1)
    .lean();
  const page = eventPage(
    // Notifications (alert write order): linked before merged; older rows lack `merged`.
    docs.map((doc) => ({
      id: String(doc._id),
      alertId: doc.merged === false ? null : (doc.alertId ?? null),
    })),
    STREAM_PAGE_MAX,
  );
  const alertIds = [...new Set(page.events.map((event) => event.alertId))];
  const alerts =
    alertIds.length === 0
      ? []
      : await models.Alert.find({
          ...owner,
          _id: { $in: alertIds.map((id) => new Types.ObjectId(id)) },
        }).lean();
  const aggregates = await alertAggregates(models, owner, alertIds);
  const byId = new Map(
    alerts.map((doc) => [String(doc._id), presentAlert(doc, aggregates.get(String(doc._id)))]),
  );
  const events = page.events.flatMap((event) => {
    const alert = byId.get(event.alertId);
    return alert ? [{ id: event.id, alert }] : [];
  });
  const newestId = page.events.at(-1)?.id ?? after;
  return { events, more: page.more, newestId, counters: await counters };
}
