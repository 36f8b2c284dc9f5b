/**
 * Writing alerts: one occurrence of an alert for one recipient, merged into the recipient's open
 * alert of the same type and subject (coalescing) or opening a new one. Every step is idempotent on
 * the event id or conditional on its precondition in the filter; no read-modify-write
 * (docs/decisions.md, "Notifications: alerts").
 */
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
  const occurrenceId = await recordOccurrence(models, occurrence);
  if (occurrenceId === null) return; // applied before
  const alertId = await mergeIntoAlert(models, occurrence);
  // Concern: push (issue #13): runs once the alert is written, before the occurrence is marked
  // merged, so an interrupted delivery runs it again (push/jobs.ts queues idempotently).
  const { networkEID, recipientEID, eventId, type: alertType } = occurrence;
  await models.onWritten?.({ networkEID, recipientEID, eventId, alertId, alertType });
  await models.Occurrence.updateOne({ _id: occurrenceId }, { $set: { alertId } });
  // Notifications: the live stream (issue #13): the recipient's open streams read the new event.
  models.live?.changed(occurrence.networkEID, occurrence.recipientEID);
}

/** What an alert and its occurrences share. */
const kindOf = (o: AlertOccurrence) => ({
  alertType: o.type,
  category: categoryOf(o.type),
  actionable: isActionable(o.type),
  subject: o.subject,
});

/** The occurrence's id, or null when an earlier delivery of the event already merged it. */
async function recordOccurrence(models: AlertModels, o: AlertOccurrence) {
  const key = { networkEID: o.networkEID, recipientEID: o.recipientEID, eventId: o.eventId };
  try {
    const created = await models.Occurrence.create({
      ...key,
      ...kindOf(o),
      originator: o.originator,
      groupEIDs: [...o.groupEIDs],
      appData: o.appData === null ? null : JSON.stringify(o.appData),
      created: o.occurredAt,
    });
    return created._id;
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const existing = await models.Occurrence.findOne(key, { alertId: 1 }).lean();
    if (!existing) throw error;
    return existing.alertId === null ? existing._id : null;
  }
}

/**
 * The recipient's open alert for this occurrence: found and touched (a conditional update: still
 * open, the precondition in the filter), or opened (unique `openKey`: of two instances opening it
 * at once, one inserts and the other finds it). What the alert counts is derived from its
 * occurrences (aggregates.ts), so nothing here is incremented.
 */
async function mergeIntoAlert(models: AlertModels, o: AlertOccurrence): Promise<string> {
  const openKey = openKeyOf(o.type, o.subject, o.eventId);
  const owner = { networkEID: o.networkEID, recipientEID: o.recipientEID, openKey };
  const appData = o.appData === null ? null : JSON.stringify(o.appData);
  for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt += 1) {
    const open = await models.Alert.findOne(owner, { _id: 1 }).lean();
    if (open) {
      // An actionable alert's key is its event's: found means this event was merged already.
      if (isActionable(o.type)) return String(open._id);
      const touched = await models.Alert.updateOne(
        { ...owner, _id: open._id },
        { $set: { lastModified: new Date(), appData } },
      );
      if (touched.matchedCount > 0) return String(open._id);
      continue; // read meanwhile: open a new one
    }
    try {
      const created = await models.Alert.create({
        ...owner,
        ...kindOf(o),
        appData,
        created: o.occurredAt,
        lastModified: new Date(),
      });
      return String(created._id);
    } catch (error) {
      // Another occurrence opened it meanwhile: merge into it on the next attempt.
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
  throw new Error(`alert ${o.type} for ${o.recipientEID}: could not merge after ${MERGE_ATTEMPTS} attempts`);
}
