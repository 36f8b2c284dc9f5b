/**
 * Events. The rules of events as plain functions (unit-tested beside them):
 * the date range (-38), who holds which message permission, what an edit changes and why the
 * event moves up. Decisions: docs/decisions.md, "Messaging: events and RSVP".
 */
import { DomainError, type MessagePermissions } from '@ncs/contracts';
import { mayLike } from '../messages/rules.js';

export interface StoredEvent {
  readonly start: Date;
  readonly end: Date;
  readonly allDay?: boolean | null;
  readonly location?: string | null;
  readonly inviteeEIDs?: readonly string[] | null;
  readonly canceled?: boolean | null;
}

export interface EventMessage {
  readonly type: string;
  readonly authorEID: string;
  readonly locked?: boolean | null;
  readonly reactable?: boolean | null;
  readonly event?: StoredEvent | null;
}

/** `end` not before `start`, else 400 -38 naming both fields (`prefix`: `/body/event`). */
export function requireDateRange(start: Date, end: Date, prefix = '/body/event'): void {
  if (end.getTime() < start.getTime()) {
    throw new DomainError('INVALID_DATE_RANGE', 'The event ends before it starts.', [
      { pointer: `${prefix}/start`, message: 'is after end' },
      { pointer: `${prefix}/end`, message: 'is before start' },
    ]);
  }
}

/** A date-time of the body as a date; one JavaScript cannot represent (e.g. a leap second) is a 400 naming it. */
export function dateOf(value: string, pointer: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new DomainError('VALIDATION_FAILED', undefined, [
      { pointer, message: 'is not a date-time we can store' },
    ]);
  }
  return date;
}

export const isPrivateEvent = (event: StoredEvent) => (event.inviteeEIDs?.length ?? 0) > 0;

/** An event takes answers until it is canceled or has ended. */
export const isOpenEvent = (event: StoredEvent, now: Date) =>
  !event.canceled && event.end.getTime() > now.getTime();

/** Who answers: the invitees of a private event; every reader of a public one (reading is checked before). */
export function mayRsvp(event: StoredEvent, profileEID: string): boolean {
  return !isPrivateEvent(event) || (event.inviteeEIDs ?? []).includes(profileEID);
}

/** Who cancels and reinstates: the event's author (its organiser). */
export const mayCancel = (message: EventMessage, profileEID: string) => message.authorEID === profileEID;

/**
 * The message permissions the caller holds now: `like` on every reactable message that is not
 * locked; on an event `rsvp` (open events), and for its author `cancel` or, once canceled, `reinstate`.
 */
export function messagePermissionsOf(
  message: EventMessage,
  profileEID: string,
  now: Date,
): MessagePermissions {
  const held: MessagePermissions = [];
  if (mayLike(message)) held.push('like');
  const event = message.type === 'event' ? message.event : null;
  if (!event) return held;
  if (mayRsvp(event, profileEID) && isOpenEvent(event, now)) held.push('rsvp');
  if (mayCancel(message, profileEID)) held.push(event.canceled ? 'reinstate' : 'cancel');
  return held;
}

/** What an edit changes of an event: the alert types it raises, in this order. */
export type EventChange = 'date_time_changed' | 'location_changed' | 'details_changed';

export interface EventEditInput {
  readonly start?: string;
  readonly end?: string;
  readonly allDay?: boolean;
  readonly location?: string | null;
}

/** The event as edited and what changed (details: the sanitised body differs). */
export function eventEditOf(
  before: StoredEvent,
  edit: EventEditInput | undefined,
  bodyChanged: boolean,
): {
  readonly event: Required<Omit<StoredEvent, 'inviteeEIDs' | 'canceled'>>;
  readonly changes: EventChange[];
} {
  const start = edit?.start !== undefined ? dateOf(edit.start, '/body/event/start') : before.start;
  const end = edit?.end !== undefined ? dateOf(edit.end, '/body/event/end') : before.end;
  requireDateRange(start, end);
  const allDay = edit?.allDay ?? before.allDay ?? false;
  const location = edit?.location !== undefined ? edit.location : (before.location ?? null);
  const changes: EventChange[] = [];
  if (
    start.getTime() !== before.start.getTime() ||
    end.getTime() !== before.end.getTime() ||
    allDay !== (before.allDay ?? false)
  ) {
    changes.push('date_time_changed');
  }
  if (location !== (before.location ?? null)) changes.push('location_changed');
  if (bodyChanged) changes.push('details_changed');
  return { event: { start, end, allDay, location }, changes };
}

/** The alert of a change (spec: Events). */
export const alertOfChange = <C extends EventChange>(change: C) => `event_${change}` as const;
