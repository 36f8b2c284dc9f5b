/**
 * Reading alerts: the caller's list (coalesced or individual), one alert, markread, and the
 * presentation of both views as the `alert` resource (docs/decisions.md, "Notifications: alerts").
 */
import {
  DomainError,
  toTimestamp,
  type AlertCategory,
  type PlainCollection,
  type PlainResource,
  type RequestContext,
  type ResourceRef,
} from '@ncs/contracts';
import { pageOf, type RequestOf } from '@ncs/service-kit';
import type { AlertDoc, AlertModels, OccurrenceDoc } from './models.js';
import { alertAggregates, type AlertAggregate } from './aggregates.js';
import { GROUPS_SHOWN, ORIGINATORS_KEPT, readKeyOf } from './rules.js';

export interface AlertCaller {
  readonly networkEID: string;
  readonly profileEID: string;
}

/** Alerts belong to users: an app token has no profile, hence no alerts. */
export function alertCallerOf(ctx: RequestContext): AlertCaller {
  const profileEID = ctx.principal?.profileEID;
  if (!ctx.networkEID || !profileEID)
    throw new DomainError('FORBIDDEN', 'Alerts belong to users; an app has none.');
  return { networkEID: ctx.networkEID, profileEID };
}

const MESSAGE_TYPES = new Set([
  'update',
  'comment',
  'news',
  'announcement',
  'private_message',
  'app_update',
  'task',
  'poll',
  'event',
]);

function linkHelpers(subject: { type: string; EID: string } | null | undefined) {
  if (!subject) return {};
  if (subject.type === 'group') return { group: { type: 'group', EID: subject.EID } };
  if (MESSAGE_TYPES.has(subject.type)) return { message: { type: subject.type, EID: subject.EID } };
  return {};
}

/** What one view of an alert adds to what the alert and its occurrences share. */
interface AlertView {
  readonly coalesced: boolean;
  readonly numCoalesced: number;
  readonly originators: readonly ResourceRef[];
  readonly groupEIDs: readonly string[];
  readonly lastModified: Date;
}

function present(doc: AlertDoc | OccurrenceDoc, view: AlertView): PlainResource {
  const subject = doc.subject ? { type: doc.subject.type, EID: doc.subject.EID } : null;
  return {
    type: 'alert',
    EID: String(doc._id),
    alertType: doc.alertType,
    category: doc.category,
    actionability: doc.actionable ? 'actionable' : 'non-actionable',
    read: doc.read,
    coalesced: view.coalesced,
    numCoalesced: view.numCoalesced,
    numGroups: view.groupEIDs.length,
    numOriginators: view.originators.length,
    numAuthors: view.originators.length,
    subject,
    originators: view.originators.slice(0, ORIGINATORS_KEPT),
    groups: view.groupEIDs.slice(0, GROUPS_SHOWN).map((EID) => ({ type: 'group', EID })),
    appData: doc.appData ? (JSON.parse(doc.appData) as Record<string, unknown>) : null,
    ...linkHelpers(subject),
    created: toTimestamp(doc.created),
    lastModified: toTimestamp(view.lastModified),
  };
}

export function presentAlert(doc: AlertDoc, aggregate: AlertAggregate | undefined): PlainResource {
  return present(doc, {
    coalesced: true,
    // At least the occurrence that opened it (its mark may be a moment behind).
    numCoalesced: Math.max(1, aggregate?.numCoalesced ?? 0),
    originators: aggregate?.originators ?? [],
    groupEIDs: aggregate?.groupEIDs ?? [],
    lastModified: doc.lastModified,
  });
}

export function presentOccurrence(doc: OccurrenceDoc): PlainResource {
  return present(doc, {
    coalesced: false,
    numCoalesced: 1,
    originators: doc.originator ? [{ type: doc.originator.type, EID: doc.originator.EID }] : [],
    groupEIDs: doc.groupEIDs,
    lastModified: doc.created,
  });
}

/** Coalesced alerts with what they count. */
async function presentAlerts(models: AlertModels, caller: AlertCaller, docs: readonly AlertDoc[]) {
  const owner = { networkEID: caller.networkEID, recipientEID: caller.profileEID };
  const aggregates = await alertAggregates(
    models,
    owner,
    docs.map((doc) => String(doc._id)),
  );
  // Every alert is written after the occurrence that opens it is linked to it (writing.ts).
  return docs.map((doc) => presentAlert(doc, aggregates.get(String(doc._id))));
}

/** The caller's alerts (or occurrences), by read state and category when given. */
function ownFilter(caller: AlertCaller, read: boolean | undefined, category: AlertCategory | undefined) {
  return {
    networkEID: caller.networkEID,
    recipientEID: caller.profileEID,
    ...(read === undefined ? {} : { read }),
    ...(category === undefined ? {} : { category }),
  };
}

export async function listAlerts(
  models: AlertModels,
  caller: AlertCaller,
  query: RequestOf<'alert.list'>['query'],
): Promise<PlainCollection> {
  const filter = ownFilter(caller, query.read, query.category);
  const page = { limit: query.limit, offset: query.offset };
  const shape = { itemType: 'alert', rel: 'alerts' };
  if (query.coalesced === false) {
    return pageOf(models.Occurrence, { filter, sort: { created: -1, _id: -1 } }, page, shape, (docs) =>
      docs.map(presentOccurrence),
    );
  }
  return pageOf(models.Alert, { filter, sort: { lastModified: -1, _id: -1 } }, page, shape, (docs) =>
    presentAlerts(models, caller, docs),
  );
}

/** Alerts marked per batch, and batches per request (a bound on one request's work). */
const MARK_BATCH = 500;
const MARK_BATCHES = 20;

/**
 * Marks the caller's unread alerts of `category` (or all) read, each with its own conditional
 * update (it frees the alert's `openKey`, so the next occurrence opens a new alert), then the
 * occurrences of the same filter. Returns how many coalesced alerts it marked.
 */
export async function markRead(
  models: AlertModels,
  caller: AlertCaller,
  body: RequestOf<'alert.markread'>['body'],
): Promise<PlainResource> {
  const filter = {
    ...ownFilter(caller, false, body.category === 'all' ? undefined : body.category),
    ...(body.actionability === undefined ? {} : { actionable: body.actionability === 'actionable' }),
  };
  let numMarked = 0;
  for (let batch = 0; batch < MARK_BATCHES; batch += 1) {
    const unread = await models.Alert.find(filter, { _id: 1 }).limit(MARK_BATCH).lean();
    if (unread.length === 0) break;
    const result = await models.Alert.bulkWrite(
      unread.map(({ _id }) => ({
        updateOne: {
          filter: { _id, networkEID: caller.networkEID, read: false },
          update: { $set: { read: true, openKey: readKeyOf(String(_id)) } },
        },
      })),
      { ordered: false },
    );
    numMarked += result.modifiedCount;
    if (unread.length < MARK_BATCH) break;
  }
  // The individual view follows: the occurrences the same filter names.
  await models.Occurrence.updateMany(filter, { $set: { read: true } });
  // Notifications (the live stream): the counters changed.
  if (numMarked > 0) await models.live?.read(caller.networkEID, caller.profileEID, numMarked);
  return { type: 'alert_markread', data: { numMarked } };
}
