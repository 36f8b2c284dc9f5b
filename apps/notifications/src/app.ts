/**
 * The notifications service as a module. It owns its database and answers `$SRV` discovery; its routes
 * join the route table with the issues that specify them (the conformance test keeps both in step).
 */
import { DomainError, internalSubjects, routesOf } from '@ncs/contracts';
import type { RpcHandler, ServiceModule } from '@ncs/service-kit';

/** Handlers of the route table's notifications routes, by route id. */
export function routeHandlers(): Record<string, RpcHandler> {
  return {};
}

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
  const byRoute = routeHandlers();
  const handlers = new Map<string, RpcHandler>(Object.entries(internalHandlers()));
  for (const route of routesOf('notifications')) {
    const handler = byRoute[route.id];
    if (!handler) throw new Error(`notifications: route ${route.id} has no handler`);
    handlers.set(route.subject, handler);
  }
  return { handlers };
}
