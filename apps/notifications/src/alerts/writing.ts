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
  await models.Occurrence.updateOne({ _id: occurrenceId }, { $set: { alertId } });
}

/** The occurrence's id, or null when an earlier delivery of the event already merged it. */
async function recordOccurrence(models: AlertModels, o: AlertOccurrence) {
  const key = { networkEID: o.networkEID, recipientEID: o.recipientEID, eventId: o.eventId };
  try {
    const created = await models.Occurrence.create({
      ...key,
      alertType: o.type,
      category: categoryOf(o.type),
      actionable: isActionable(o.type),
      subject: o.subject,
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
 * Merges into the open alert (conditional updates: the precondition, still open and this
 * originator new or known, is in the filter) or opens one (unique `openKey`). Updates, not
 * findAndModify: FerretDB 1.24 runs findAndModify as a read and a write.
 */
async function mergeIntoAlert(models: AlertModels, o: AlertOccurrence): Promise<string> {
  const openKey = openKeyOf(o.type, o.subject, o.eventId);
  const owner = { networkEID: o.networkEID, recipientEID: o.recipientEID, openKey };
  const appData = o.appData === null ? null : JSON.stringify(o.appData);
  const groups = o.groupEIDs.length > 0 ? { groupEIDs: { $each: [...o.groupEIDs] } } : {};
  for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt += 1) {
    const open = await models.Alert.findOne(owner, { _id: 1 }).lean();
    if (open) {
      // An actionable alert's key is its event's: found means this event was merged already.
      if (isActionable(o.type)) return String(open._id);
      const $set = { lastModified: new Date(), appData };
      const still = { ...owner, _id: open._id };
      if (o.originator) {
        const added = await models.Alert.updateOne(
          { ...still, originatorEIDs: { $ne: o.originator.EID } },
          {
            $set,
            $inc: { numCoalesced: 1, numOriginators: 1 },
            // Appended (FerretDB 1.24 ignores `$position`); presented newest first.
            $push: { originators: o.originator },
            $addToSet: { originatorEIDs: o.originator.EID, ...groups },
          },
        );
        if (added.matchedCount > 0) return String(open._id);
      }
      const known = await models.Alert.updateOne(
        o.originator ? { ...still, originatorEIDs: o.originator.EID } : still,
        { $set, $inc: { numCoalesced: 1 }, ...(o.groupEIDs.length > 0 ? { $addToSet: groups } : {}) },
      );
      if (known.matchedCount > 0) return String(open._id);
      continue; // read meanwhile: open a new one
    }
    try {
      const created = await models.Alert.create({
        ...owner,
        alertType: o.type,
        category: categoryOf(o.type),
        actionable: isActionable(o.type),
        subject: o.subject,
        originators: o.originator ? [o.originator] : [],
        originatorEIDs: o.originator ? [o.originator.EID] : [],
        numOriginators: o.originator ? 1 : 0,
        numCoalesced: 1,
        groupEIDs: [...o.groupEIDs],
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
