/**
 * Notifications: app alerts. An app installed in a network with the application
 * permission `send_alerts` sends an `app` alert to people named by EID or XID, pending invitees
 * included (delivered when they join): `POST /networks/{networkEID}/apps/{appEID}/alerts`, in the
 * style of the apps' routes (the app acts on itself, like `signrequest`). Errors -415 … -429.
 * Decisions: docs/decisions.md, "Notifications: app alerts, the live stream and delivery guarantees".
 */
import { Type, type Static } from '@sinclair/typebox';
import type { ErrorDefinition } from '../core/errors.js';
import { route, type RouteDefinition } from '../core/route-definition.js';
import { Eid, halResource, strictObject, Timestamp } from '../core/schemas.js';

/** An XID as the directory stores it (same closed pattern as directory's `Xid`). */
const AppAlertXid = Type.String({ minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9._:@-]+$' });

/** Largest `appData` of an app alert, as compact JSON in UTF-8 bytes (checked by the service). */
export const APP_ALERT_DATA_MAX_BYTES = 4096;

/** Most people one app alert names. */
export const APP_ALERT_MAX_RECIPIENTS = 100;

const ByEid = Type.Object({ type: Type.Literal('user'), EID: Eid }, { additionalProperties: false });
const ByXid = Type.Object({ type: Type.Literal('user'), XID: AppAlertXid }, { additionalProperties: false });

export const AppAlertBody = Type.Object(
  {
    recipients: Type.Array(Type.Union([ByEid, ByXid]), {
      minItems: 1,
      maxItems: APP_ALERT_MAX_RECIPIENTS,
      description: 'People by `EID` or `XID` (members or pending invitees of the network)',
    }),
    appData: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: true,
          maxProperties: 20,
          description: `The app's own JSON object, shown on the alert as \`appData\` (at most ${APP_ALERT_DATA_MAX_BYTES} bytes as JSON)`,
        },
      ),
    ),
  },
  { additionalProperties: false },
);

export const AppAlertSentResource = halResource(
  'app_alert',
  {
    EID: Eid,
    numDelivered: Type.Integer({ minimum: 0, description: 'members alerted now' }),
    numPending: Type.Integer({ minimum: 0, description: 'pending invitees, alerted when they join' }),
    created: Timestamp,
  },
  'An app alert sent: its id and how many people it reached now or will reach when they join.',
);

export const AppAlertParams = strictObject({ networkEID: Eid, appEID: Eid });

export const appAlertRoutes = [
  route({
    id: 'appAlert.send',
    service: 'notifications',
    tag: 'Alerts',
    scope: 'network',
    format: 'hal',
    method: 'POST',
    path: '/networks/{networkEID}/apps/{appEID}/alerts',
    summary:
      'An app (its own token, `appEID` itself, permission `send_alerts`) sends an `app` alert to people by EID or XID; pending invitees get it when they join',
    params: AppAlertParams,
    body: AppAlertBody,
    reply: { status: 201, schema: AppAlertSentResource },
  }),
] as const satisfies readonly RouteDefinition[];

export const appAlertErrors = {
  NOTIFICATIONS_ERR_SEND_ALERTS_FORBIDDEN: {
    status: 403,
    code: -415,
    title: 'Forbidden',
    message:
      'Only an app installed in the network with the permission send_alerts sends app alerts, as itself.',
  },
  NOTIFICATIONS_ERR_RECIPIENT_UNKNOWN: {
    status: 400,
    code: -416,
    title: 'Bad Request',
    message: 'A recipient is neither a member nor a pending invitee of the network.',
  },
  NOTIFICATIONS_ERR_APP_DATA_TOO_LARGE: {
    status: 400,
    code: -417,
    title: 'Bad Request',
    message: 'appData is too large: at most 4096 bytes as JSON.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/** The body of `internalSubjects.appAlertRecipients` (notifications → auth). */
export const AppAlertRecipientsRequestSchema = Type.Object({
  appEID: Type.String(),
  EIDs: Type.Array(Type.String()),
  XIDs: Type.Array(Type.String()),
});
export type AppAlertRecipientsRequest = Static<typeof AppAlertRecipientsRequestSchema>;
export const AppAlertRecipientSchema = Type.Object({
  profileEID: Type.String(),
  pending: Type.Boolean(),
  EID: Type.Optional(Type.String()),
  XID: Type.Optional(Type.String()),
});
export type AppAlertRecipient = Static<typeof AppAlertRecipientSchema>;
export const AppAlertRecipientsReplySchema = Type.Object({
  appEID: Type.String(),
  recipients: Type.Array(AppAlertRecipientSchema),
  /** What names nobody: `{ EID }` or `{ XID }` as sent. */
  unknown: Type.Array(Type.Object({ EID: Type.Optional(Type.String()), XID: Type.Optional(Type.String()) })),
});
export type AppAlertRecipientsReply = Static<typeof AppAlertRecipientsReplySchema>;
