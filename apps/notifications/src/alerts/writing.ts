/**
 * Writing alerts: one occurrence of an alert for one recipient, merged into the recipient's open
 * alert of the same type and subject (coalescing) or opening a new one. Every step is idempotent on
 * the event id or conditional on its precondition in the filter; no read-modify-write
 * (docs/decisions.md, "Notifications: alerts" and "Notifications: alert write order and throughput").
 *
 * Write order: the occurrence is written first, already linked (`alertId`) to the alert it will
 * join; only then is the alert inserted or touched, so a reader never sees an alert without the
 * occurrence that opened it. `merged` on the occurrence marks the end (the live stream stops before
 * an occurrence not merged yet; a redelivered event finishes an unmerged one, its live event included).
 */
import { Types } from 'mongoose';
import type { AlertType, ResourceRef } from '@ncs/contracts';
import { isDuplicateKeyError } from '@ncs/service-kit';
import type { AlertModels } from './models.js';
import { categoryOf, isActionable, openKeyOf } from './rules.js';

/** One alert occurrence: what a consumer derives from a domain event, per recipient. */
export interface AlertOccurrence {
  readonly networkEID: string;
  readonly recipientEID: string;
  readonly type: AlertType;
  readonly eventId: string;
  readonly occurredAt: Date;
  readonly subject: ResourceRef | null;
  readonly originator: ResourceRef | null;
  readonly groupEIDs: readonly string[];
  readonly appData: Record<string, unknown> | null;
}

/** Attempts to merge or open before giving up (the event is then redelivered). */
const MERGE_ATTEMPTS = 5;

/** Records the occurrence once and merges it into its alert; resolves when both are written. */
export async function deliverAlert(models: AlertModels, occurrence: AlertOccurrence): Promise<void> {
  const recorded = await recordOccurrence(models, occurrence);
  if (recorded === null) return; // applied before
  const alertId = await mergeIntoAlert(models, occurrence, recorded);
  // Push: runs once the alert is written, before the occurrence is marked
  // merged, so an interrupted delivery runs it again (push/jobs.ts queues idempotently).
  const { networkEID, recipientEID, eventId, type: alertType } = occurrence;
  await models.onWritten?.({ networkEID, recipientEID, eventId, alertId, alertType });
  // Notifications (the live stream): recorded before the occurrence is marked merged, so an
  // interrupted delivery records it again rather than never.
  await models.live?.delivered({
    networkEID,
    recipientEID,
    alertId,
    occurrenceId: String(recorded.occurrenceId),
    alertType,
  });
  await models.Occurrence.updateOne(
    { networkEID, recipientEID, _id: recorded.occurrenceId },
    { $set: { merged: true } },
  );
}

/** What an alert and its occurrences share. */
const kindOf = (o: AlertOccurrence) => ({
  alertType: o.type,
  category: categoryOf(o.type),
  actionable: isActionable(o.type),
  subject: o.subject,
});

interface Recorded {
  readonly occurrenceId: Types.ObjectId;
  /** The alert it is linked to (a new id until merged: the alert is inserted with it). */
  readonly alertId: string;
}

/** The occurrence written and linked, or null when an earlier delivery of the event merged it. */
async function recordOccurrence(models: AlertModels, o: AlertOccurrence): Promise<Recorded | null> {
  const key = { networkEID: o.networkEID, recipientEID: o.recipientEID, eventId: o.eventId };
  const alertId = String(new Types.ObjectId());
  try {
    const created = await models.Occurrence.create({
      ...key,
      ...kindOf(o),
      alertId,
      merged: false,
      originator: o.originator,
      groupEIDs: [...o.groupEIDs],
      appData: o.appData === null ? null : JSON.stringify(o.appData),
      created: o.occurredAt,
    });
    return { occurrenceId: created._id, alertId };
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const existing = await models.Occurrence.findOne(key, { alertId: 1, merged: 1 }).lean();
    if (!existing) throw error;
    // Written before this change: linked means merged. Otherwise finish what was started.
    if (existing.merged !== false && existing.alertId !== null) return null;
    return { occurrenceId: existing._id, alertId: existing.alertId ?? String(new Types.ObjectId()) };
  }
}

/**
 * Merges the (already linked) occurrence into the recipient's open alert, in one upsert on the
 * unique `openKey`: it touches the open alert, or inserts the new one under the id the occurrence
 * already names. When it touched another alert, the occurrence is linked to that one. A duplicate
 * key (another instance opened the alert at once, or the id names an alert read meanwhile) tries
 * again with a new id. What the alert counts is derived from its occurrences (aggregates.ts).
 */
async function mergeIntoAlert(models: AlertModels, o: AlertOccurrence, recorded: Recorded): Promise<string> {
  const owner = { networkEID: o.networkEID, recipientEID: o.recipientEID };
  const openKey = openKeyOf(o.type, o.subject, o.eventId);
  const appData = o.appData === null ? null : JSON.stringify(o.appData);
  let linked = recorded.alertId;
  for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt += 1) {
    const candidate = attempt === 0 ? linked : String(new Types.ObjectId());
    if (candidate !== linked) linked = await link(models, owner, recorded.occurrenceId, candidate);
    try {
      const alert = await models.Alert.findOneAndUpdate(
        { ...owner, openKey },
        {
          // An actionable alert's key is its event's: found means it was merged already.
          ...(isActionable(o.type) ? {} : { $set: { lastModified: new Date(), appData } }),
          $setOnInsert: {
            _id: new Types.ObjectId(candidate),
            ...kindOf(o),
            ...(isActionable(o.type) ? { appData, lastModified: new Date() } : {}),
            read: false,
            created: o.occurredAt,
          },
        },
        // No projection: FerretDB 1.24's findAndModify does not implement `fields`.
        { upsert: true, returnDocument: 'after' },
      ).lean();
      const merged = String(alert?._id ?? candidate);
      return merged === linked ? merged : await link(models, owner, recorded.occurrenceId, merged);
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
  throw new Error(`alert ${o.type} for ${o.recipientEID}: could not merge after ${MERGE_ATTEMPTS} attempts`);
}

/** Links the occurrence to `alertId`; returns it. */
async function link(
  models: AlertModels,
  owner: { networkEID: string; recipientEID: string },
  occurrenceId: Types.ObjectId,
  alertId: string,
): Promise<string> {
  await models.Occurrence.updateOne({ ...owner, _id: occurrenceId }, { $set: { alertId } });
  return alertId;
}
