/**
 * Which alert a domain event makes, for whom (spec: Events; docs/decisions.md, "Notifications:
 * alerts"). Pure: the consumer resolves `networkAdmins` and writes.
 *
 * - Messaging (and every producer that follows its convention): `data.alert` names the alert type,
 *   `data.recipient` or `data.recipients` the people, the subject is `data.message` (else
 *   `original`, `news`, `job`), the originator the event's actor; other references and plain
 *   values of `data` become `appData`.
 * - Auth: `membership.added` → `added_to_groups` to the member (not when they added themselves);
 *   `membership.removed` of an active membership → `removed_from_groups` (not a leave);
 *   `group.orphaned` → `orphaned_group` to the network admins. Group alerts are about the network
 *   (so additions to several groups merge, `numGroups` counting them). `account.sign_in_locked`
 *   (one event per active profile of the locked account, each in its network) → `sign_in_locked`
 *   to that profile, about that profile, with `lockedUntil` and `failedAttempts`.
 *
 * Events are narrowed to their catalogue types (`isCatalogueEvent`) and auth's read as typed; the
 * messaging convention stays generic over the union of messaging events.
 */
import {
  accountSignInLockedSubject,
  alertTypes,
  eventNames,
  isCatalogueEvent,
  type AlertType,
  type CatalogueEvent,
  type DomainEvent,
  type EventNameOf,
  type ResourceRef,
} from '@ncs/contracts';

export interface AlertPlan {
  readonly type: AlertType;
  readonly recipients: readonly string[] | 'networkAdmins';
  readonly subject: ResourceRef | null;
  readonly originator: ResourceRef | null;
  readonly groupEIDs: readonly string[];
  readonly appData: Record<string, unknown> | null;
}

const AUTH_GROUP_EVENTS = [
  'auth.membership.added',
  'auth.membership.removed',
  'auth.group.orphaned',
] as const;
const SIGN_IN_LOCKED = 'auth.account.sign_in_locked';
/** Every messaging event: the convention below applies to whichever carries an `alert`. */
const MESSAGING_EVENTS = eventNames.filter((name): name is EventNameOf<'messaging'> =>
  name.startsWith('messaging.'),
);

/** The catalogued events the alerts consumer takes (its handler's types). */
export const ALERT_EVENTS: readonly (
  EventNameOf<'messaging'> | (typeof AUTH_GROUP_EVENTS)[number] | typeof SIGN_IN_LOCKED
)[] = [...MESSAGING_EVENTS, ...AUTH_GROUP_EVENTS, SIGN_IN_LOCKED];

/** The subjects the alerts consumer receives. */
export const ALERT_EVENT_SUBJECTS = [
  'events.messaging.>',
  'events.auth.membership.added.*',
  'events.auth.membership.removed.*',
  'events.auth.group.orphaned.*',
  accountSignInLockedSubject,
] as const;

const SUBJECT_FIELDS = [
  'message',
  'original',
  'news',
  'job',
  // Journeys: `journey_failed_to_launch` is about the journey.
  'journey',
  // Files (media): `video_processing_complete` is about the file.
  'file',
] as const;
const NOT_APP_DATA = new Set(['alert', 'recipient', 'recipients', 'message']);

function isRef(value: unknown): value is ResourceRef {
  if (typeof value !== 'object' || value === null) return false;
  const ref = value as Record<string, unknown>;
  return typeof ref.type === 'string' && typeof ref.EID === 'string';
}

const refOf = (value: ResourceRef): ResourceRef => ({ type: value.type, EID: value.EID });
const isAlertType = (value: unknown): value is AlertType =>
  typeof value === 'string' && (alertTypes as readonly string[]).includes(value);

function groupOf(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  const group = (value as Record<string, unknown>).group;
  return isRef(group) ? [group.EID] : [];
}

/** References and plain values of `data`, minus what the alert already carries. */
function appDataOf(data: Record<string, unknown>): Record<string, unknown> | null {
  const entries = Object.entries(data).flatMap(([key, value]): [string, unknown][] => {
    if (NOT_APP_DATA.has(key)) return [];
    if (isRef(value)) return [[key, refOf(value)]];
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return [[key, value]];
    return [];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

function recipientsOf(data: Record<string, unknown>): string[] {
  const listed = Array.isArray(data.recipients) ? data.recipients : [data.recipient];
  return [...new Set(listed.filter(isRef).map((ref) => ref.EID))];
}

function fromConvention(event: CatalogueEvent<EventNameOf<'messaging'>>): AlertPlan | null {
  // Read by convention across every messaging event's data, whichever it is.
  const data: Readonly<Record<string, unknown>> = event.data;
  if (!isAlertType(data.alert)) return null;
  const subjectField = SUBJECT_FIELDS.find((field) => isRef(data[field]));
  const subject = subjectField === undefined ? null : refOf(data[subjectField] as ResourceRef);
  return {
    type: data.alert,
    recipients: recipientsOf(data),
    subject,
    originator: event.actor ? refOf(event.actor) : null,
    groupEIDs: groupOf(subjectField === undefined ? undefined : data[subjectField]),
    appData: appDataOf(data),
  };
}

/** The owner's security alert, in the network of the profile the event names (no originator). */
function fromSignInLock(event: CatalogueEvent<typeof SIGN_IN_LOCKED>): AlertPlan {
  const { profileEID, lockedUntil, failedAttempts } = event.data;
  return {
    type: 'sign_in_locked',
    recipients: [profileEID],
    subject: { type: 'user', EID: profileEID },
    originator: null,
    groupEIDs: [],
    appData: { lockedUntil, failedAttempts },
  };
}

function fromAuth(
  event: CatalogueEvent<(typeof AUTH_GROUP_EVENTS)[number]>,
  networkEID: string,
): AlertPlan | null {
  const group = refOf(event.data.group);
  const originator = event.actor ? refOf(event.actor) : null;
  const network = { type: 'network', EID: networkEID };
  const common = { originator, groupEIDs: [group.EID], appData: null };
  switch (event.type) {
    case 'auth.membership.added': {
      const { user, state } = event.data;
      if (user.EID === originator?.EID || state !== 'active') return null;
      return { ...common, type: 'added_to_groups', recipients: [user.EID], subject: network };
    }
    case 'auth.membership.removed': {
      const { user, state, self } = event.data;
      if (self || state !== 'active') return null;
      return { ...common, type: 'removed_from_groups', recipients: [user.EID], subject: network };
    }
    case 'auth.group.orphaned':
      return { ...common, type: 'orphaned_group', recipients: 'networkAdmins', subject: group };
  }
}

/** The alert an event makes, or null when it makes none. */
export function planAlert(event: DomainEvent): AlertPlan | null {
  if (event.networkEID === undefined) return null;
  if (isCatalogueEvent(event, SIGN_IN_LOCKED)) return fromSignInLock(event);
  if (isCatalogueEvent(event, AUTH_GROUP_EVENTS)) return fromAuth(event, event.networkEID);
  if (isCatalogueEvent(event, MESSAGING_EVENTS)) return fromConvention(event);
  return null;
}
