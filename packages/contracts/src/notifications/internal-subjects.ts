/**
 * Notifications: the internal subjects of alerts (auth's whoami counters, the network admins an
 * alert reaches), of app alerts and of the live stream.
 */
import { NoBody, defineInternalSubject } from '../core/internal-subject.js';
import { AppAlertRecipientsReplySchema, AppAlertRecipientsRequestSchema } from './app-alerts.js';
import {
  AlertCountersReplySchema,
  AlertCountersRequestSchema,
  NetworkAdminsReplySchema,
} from './resources.js';
import { StreamAlertsReplySchema, StreamAlertsRequestSchema } from './stream.js';

export const notificationsInternalSubjects = {
  alertCounters: defineInternalSubject({
    service: 'notifications',
    resource: 'alertCounters',
    action: 'batch',
    description: 'Auth → notifications: the whoami `_user` alert counters of several profiles in one batch.',
    request: AlertCountersRequestSchema,
    reply: AlertCountersReplySchema,
  }),
  networkAdmins: defineInternalSubject({
    service: 'auth',
    resource: 'network',
    action: 'admins',
    description: 'Notifications → auth: the active network admins of `ctx.networkEID`.',
    request: NoBody,
    reply: NetworkAdminsReplySchema,
  }),
  appAlertRecipients: defineInternalSubject({
    service: 'auth',
    resource: 'app',
    action: 'alertRecipients',
    description:
      'Notifications → auth: the recipients of an app alert. Auth checks the app `appEID` is installed in `ctx.networkEID` (else 404) and is the caller, with `send_alerts` (else -415), and resolves EIDs and XIDs to active or pending profiles of that network.',
    request: AppAlertRecipientsRequestSchema,
    reply: AppAlertRecipientsReplySchema,
  }),
  streamAlerts: defineInternalSubject({
    service: 'notifications',
    resource: 'stream',
    action: 'alerts',
    description:
      "Gateway → notifications: the caller's alerts that the log's `notifications.alert.delivered` events name, as the alert list shows them (those since removed are left out), with the caller's counters.",
    request: StreamAlertsRequestSchema,
    reply: StreamAlertsReplySchema,
  }),
} as const;
