/**
 * Writing alerts: one occurrence of an alert for one recipient, merged into the recipient's open
 * alert of the same type and subject (coalescing) or opening a new one. Every step is idempotent on
 * the event id or conditional on its precondition in the filter; no read-modify-write
 * (docs/decisions.md, "Notifications: alerts").
 */
import type { AlertType, ResourceRef } from '@ncs/contracts';
import { isDuplicateKeyError } from '@ncs/service-kit';
import type { AlertModels } from './models.js';
import { categoryOf, isActionable, openKeyOf, ORIGINATORS_KEPT } from './rules.js';

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

/** Merges into the open alert (atomic conditional updates) or opens one (unique `openKey`). */
async function mergeIntoAlert(models: AlertModels, o: AlertOccurrence): Promise<string> {
  const openKey = openKeyOf(o.type, o.subject, o.eventId);
  const owner = { networkEID: o.networkEID, recipientEID: o.recipientEID, openKey };
  const now = new Date();
  const appData = o.appData === null ? null : JSON.stringify(o.appData);
  const common = {
    $set: { lastModified: now, appData },
    ...(o.groupEIDs.length > 0 ? { $addToSet: { groupEIDs: { $each: [...o.groupEIDs] } } } : {}),
  };
  for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt += 1) {
    if (!isActionable(o.type)) {
      const merged = o.originator
        ? ((await models.Alert.findOneAndUpdate(
            { ...owner, originatorEIDs: { $ne: o.originator.EID } },
            {
              ...common,
              $inc: { numCoalesced: 1, numOriginators: 1 },
              $push: { originators: { $each: [o.originator], $position: 0, $slice: ORIGINATORS_KEPT } },
              $addToSet: {
                originatorEIDs: o.originator.EID,
                ...(o.groupEIDs.length > 0 ? { groupEIDs: { $each: [...o.groupEIDs] } } : {}),
              },
            },
            { projection: { _id: 1 } },
          ).lean()) ??
          (await models.Alert.findOneAndUpdate(
            { ...owner, originatorEIDs: o.originator.EID },
            { ...common, $inc: { numCoalesced: 1 } },
            { projection: { _id: 1 } },
          ).lean()))
        : await models.Alert.findOneAndUpdate(
            owner,
            { ...common, $inc: { numCoalesced: 1 } },
            {
              projection: { _id: 1 },
            },
          ).lean();
      if (merged) return String(merged._id);
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
        lastModified: now,
      });
      return String(created._id);
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      // Actionable: its key is the event's, so the alert exists already. Otherwise another
      // occurrence opened it meanwhile: merge into it.
      if (isActionable(o.type)) {
        const existing = await models.Alert.findOne(owner, { _id: 1 }).lean();
        if (existing) return String(existing._id);
      }
    }
  }
  throw new Error(`alert ${o.type} for ${o.recipientEID}: could not merge after ${MERGE_ATTEMPTS} attempts`);
}
