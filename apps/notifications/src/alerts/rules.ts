/**
 * Pure rules of alerts: each type's category and actionability, and what merges (docs/decisions.md,
 * "Notifications: alerts").
 */
import {
  alertCategories,
  alertTypesByCategory,
  type AlertCategory,
  type AlertType,
  type ResourceRef,
} from '@ncs/contracts';

/** Alerts that ask the recipient to act: each stays on its own (never coalesced). */
const ACTIONABLE_TYPES: ReadonlySet<AlertType> = new Set<AlertType>(['orphaned_group', 'event_invitation']);

export function categoryOf(type: AlertType): AlertCategory {
  return alertCategories.find((category) =>
    (alertTypesByCategory[category] as readonly AlertType[]).includes(type),
  )!;
}

export function isActionable(type: AlertType): boolean {
  return ACTIONABLE_TYPES.has(type);
}

/**
 * The `openKey` an occurrence merges under: unread alerts of one type about one subject for one
 * recipient share it; an actionable alert gets its own (the event id).
 */
export function openKeyOf(type: AlertType, subject: ResourceRef | null, eventId: string): string {
  if (isActionable(type)) return `e:${eventId}`;
  return `${type}|${subject ? `${subject.type}:${subject.EID}` : '-'}`;
}

/** The key a read alert takes: unique, so the next occurrence opens a new alert. */
export function readKeyOf(alertEID: string): string {
  return `read:${alertEID}`;
}

/** Originators shown on a coalesced alert (newest first); `numOriginators` counts them all. */
export const ORIGINATORS_KEPT = 10;
/** Groups shown on an alert; `numGroups` counts them all. */
export const GROUPS_SHOWN = 10;
/** Counters are bounded counts on an index: they stop at this value. */
export const COUNTER_CAP = 999;
