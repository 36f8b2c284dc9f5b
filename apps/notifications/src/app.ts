/**
 * The notifications service as a module. It owns its database and answers `$SRV` discovery; its routes
 * join the route table with the issues that specify them (the conformance test keeps both in step).
 */
import { DomainError, internalSubjects, routesOf } from '@ncs/contracts';
import { bindRoutes, defineHandlers, type RpcHandler, type ServiceModule } from '@ncs/service-kit';

/** Handlers of the route table's notifications routes, by route id (none yet). */
export const notificationsHandlers = defineHandlers<null>()(routesOf('notifications'), {});

/** Handlers of internal subjects (not HTTP routes), by subject. */
export function internalHandlers(): Record<string, RpcHandler> {
  return {
    // The gateway's part of `badgeCounters.get`. No alerts are stored yet: the real counts come
    // with the alerts issue.
    [internalSubjects.notificationsBadgeCounters]: ({ ctx }) => {
      if (!ctx.networkEID) throw new DomainError('BAD_REQUEST', 'The request names no network.');
      return Promise.resolve({ numAdminAlerts: 0, numUnreadAlertsCoalesced: 0 });
    },
  };
}

export function buildNotificationsService(): ServiceModule {
  const handlers = bindRoutes(routesOf('notifications'), notificationsHandlers, null);
  for (const [subject, handler] of Object.entries(internalHandlers())) handlers.set(subject, handler);
  return { handlers };
}
