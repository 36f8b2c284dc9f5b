/**
 * Alerts (spec: "Events", "Other resources: fields recorded" — Alert, Badge counters,
 * whoami.networks._user; `/alerts/markread`; Versioning: `numAuthors` deprecated). Choices where
 * the spec is silent are recorded in docs/decisions.md, section "Notifications: alerts".
 */
import { Type, type Static } from '@sinclair/typebox';
import { PaginationQuery } from '../core/pagination.js';
import {
  Eid,
  halActionResult,
  halCollection,
  halResource,
  Nullable,
  Ref,
  Timestamp,
} from '../core/schemas.js';

/**
 * Every alert type of the spec (constant-style names as in the interface), by category:
 * `activity`: what people did that concerns the recipient; `system`: the outcome of background work
 * the recipient started, and the platform's notices about the recipient's own account; `admin`:
 * network administration (counted in `numAdminAlerts`).
 */
export const alertTypesByCategory = {
  activity: [
    'poll_reactivated',
    'event_invitation',
    'event_canceled',
    'event_date_time_changed',
    'event_location_changed',
    'event_details_changed',
    'message_activity_comment',
    'mention',
    'app',
    'added_to_groups',
    'removed_from_groups',
  ],
  system: [
    'scheduled_update_published',
    'journey_failed_to_launch',
    'DUPLICATION_PROCESS_SUCEEDED',
    'DUPLICATION_PROCESS_FAILED',
    'NEWS_ADDRESSEE_EXPORT_SUCCESS',
    'NEWS_ADDRESSEE_EXPORT_FAILURE',
    'video_processing_complete',
    // Failed sign-ins locked the recipient's account: a notice of the platform about their own
    // account, with no originator (who guessed is not known).
    'sign_in_locked',
  ],
  // Notifications (app webhooks): an app's endpoint disabled after failing for a day.
  admin: ['orphaned_group', 'app_webhook_disabled'],
} as const;
export type AlertCategory = keyof typeof alertTypesByCategory;
export const alertCategories = Object.keys(alertTypesByCategory) as AlertCategory[];
export type AlertType = (typeof alertTypesByCategory)[AlertCategory][number];
export const alertTypes: readonly AlertType[] = Object.values(alertTypesByCategory).flat();

export const alertActionabilities = ['actionable', 'non-actionable'] as const;
export type AlertActionability = (typeof alertActionabilities)[number];

const AlertTypeSchema = Type.Union(
  alertTypes.map((t) => Type.Literal(t)),
  { description: 'The alert type (spec: Events)' },
);
const CategorySchema = Type.Union(
  alertCategories.map((c) => Type.Literal(c)),
  { description: '`activity`, `system` or `admin`' },
);
const ActionabilitySchema = Type.Union(
  alertActionabilities.map((a) => Type.Literal(a)),
  { description: '`actionable` (the recipient is asked to act) or `non-actionable`' },
);
const Counter = Type.Integer({ minimum: 0 });

export const AlertResource = halResource(
  'alert',
  {
    EID: Eid,
    alertType: AlertTypeSchema,
    category: CategorySchema,
    actionability: ActionabilitySchema,
    read: Type.Boolean({ description: 'read-only: marked read by `/alerts/markread`' }),
    coalesced: Type.Boolean({
      description: 'read-only: true for the coalesced view, false for one individual occurrence',
    }),
    numCoalesced: Type.Integer({ minimum: 1, description: 'read-only: occurrences merged in this alert' }),
    numGroups: Counter,
    numOriginators: Counter,
    numAuthors: Type.Integer({ minimum: 0, deprecated: true, description: 'Deprecated: use numOriginators' }),
    subject: Nullable(Ref()),
    originators: Type.Array(Ref(), { description: 'read-only: newest first, at most 10' }),
    groups: Type.Array(Ref('group'), { description: 'read-only: the groups concerned, at most 10' }),
    appData: Nullable(Type.Record(Type.String(), Type.Unknown())),
    /** Link helpers: the subject when it is a message or a group (relations `message`, `group`). */
    message: Type.Optional(Ref()),
    group: Type.Optional(Ref('group')),
    created: Timestamp,
    lastModified: Timestamp,
  },
  'An alert of the caller: coalesced (unread alerts of one type about one subject merged) or individual.',
);
export type Alert = Static<typeof AlertResource>;

export const AlertCollection = halCollection('alerts', AlertResource, "The caller's alerts, newest first.");

export const AlertListQuery = Type.Object({
  ...PaginationQuery.properties,
  category: Type.Optional(CategorySchema),
  read: Type.Optional(Type.Boolean({ description: 'true: read alerts only; false: unread only' })),
  coalesced: Type.Optional(
    Type.Boolean({ default: true, description: 'true (default): coalesced alerts; false: each occurrence' }),
  ),
});

export const AlertMarkreadBody = Type.Object(
  {
    category: Type.Union([CategorySchema, Type.Literal('all')], {
      description: 'Required, no default: the category to mark read, or `all`',
    }),
    actionability: Type.Optional(ActionabilitySchema),
  },
  { additionalProperties: false },
);

export const AlertMarkreadResource = halActionResult(
  'alert_markread',
  { numMarked: Type.Integer({ minimum: 0, description: 'coalesced alerts marked read' }) },
  'The outcome of `/alerts/markread`.',
);

// ---------------------------------------------------------------------------------------------
// Internal subjects

/** Auth → notifications (`alertCounters`): the `_user` counters of whoami, per profile. */
export const AlertCountersRequestSchema = Type.Object({
  profiles: Type.Array(Type.Object({ networkEID: Type.String(), profileEID: Type.String() })),
});
export type AlertCountersRequest = Static<typeof AlertCountersRequestSchema>;
export const AlertCountersItemSchema = Type.Object({
  networkEID: Type.String(),
  profileEID: Type.String(),
  numNonActionRequiredAlertsCoalesced: Type.Integer({ minimum: 0 }),
  numActionRequiredAlerts: Type.Integer({ minimum: 0 }),
});
export type AlertCountersItem = Static<typeof AlertCountersItemSchema>;
export const AlertCountersReplySchema = Type.Object({ items: Type.Array(AlertCountersItemSchema) });
export type AlertCountersReply = Static<typeof AlertCountersReplySchema>;

/** Notifications → auth (`networkAdmins`): the active network admins of `ctx.networkEID`. */
export const NetworkAdminsReplySchema = Type.Object({ profileEIDs: Type.Array(Type.String()) });
export type NetworkAdminsReply = Static<typeof NetworkAdminsReplySchema>;
