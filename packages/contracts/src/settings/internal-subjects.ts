/**
 * Badge counters: the gateway assembles `badgeCounters.get` from the parts of their owners, one
 * internal subject each.
 */
import { Type } from '@sinclair/typebox';
import { NoBody, defineInternalSubject } from '../core/internal-subject.js';

const Count = Type.Integer({ minimum: 0 });

export const settingsInternalSubjects = {
  messagingBadgeCounters: defineInternalSubject({
    service: 'messaging',
    resource: 'badgeCounters',
    action: 'get',
    description: "Gateway → messaging: the caller's messaging badge counters (part of `badgeCounters.get`).",
    request: NoBody,
    reply: Type.Object({ numScheduledItems: Count, numUnrespondedEvents: Count }),
  }),
  notificationsBadgeCounters: defineInternalSubject({
    service: 'notifications',
    resource: 'badgeCounters',
    action: 'get',
    description: "Gateway → notifications: the caller's alert badge counters (part of `badgeCounters.get`).",
    request: NoBody,
    reply: Type.Object({ numAdminAlerts: Count, numUnreadAlertsCoalesced: Count }),
  }),
} as const;
