/**
 * The messaging service as a module. It owns its database and answers `$SRV` discovery; its routes
 * join the route table with the issues that specify them (the conformance test keeps both in step).
 */
import { DomainError, internalSubjects, routesOf, type RequestContext } from '@ncs/contracts';
import type { RpcHandler, ServiceModule } from '@ncs/service-kit';

/** Handlers of the route table's messaging routes, by route id. */
export function routeHandlers(): Record<string, RpcHandler> {
  return {};
}

/** Internal requests are always about one network (set by the gateway or the asking service). */
function requireNetwork(ctx: RequestContext): string {
  if (!ctx.networkEID) throw new DomainError('BAD_REQUEST', 'The request names no network.');
  return ctx.networkEID;
}

/** Handlers of internal subjects (not HTTP routes), by subject. */
export function internalHandlers(): Record<string, RpcHandler> {
  return {
    // The gateway's part of `badgeCounters.get`. No scheduled items or events are stored yet:
    // the real counts come with the scheduled-items and events issues.
    [internalSubjects.messagingBadgeCounters]: ({ ctx }) => {
      requireNetwork(ctx);
      return Promise.resolve({ numScheduledItems: 0, numUnrespondedEvents: 0 });
    },
    // Auth's lobby asks for the network's AI assistant; none can be created yet (AI assistants issue).
    [internalSubjects.aiAssistantProfile]: ({ ctx }) => {
      requireNetwork(ctx);
      return Promise.resolve({ profileEID: null });
    },
  };
}

export function buildMessagingService(): ServiceModule {
  const byRoute = routeHandlers();
  const handlers = new Map<string, RpcHandler>(Object.entries(internalHandlers()));
  for (const route of routesOf('messaging')) {
    const handler = byRoute[route.id];
    if (!handler) throw new Error(`messaging: route ${route.id} has no handler`);
    handlers.set(route.subject, handler);
  }
  return { handlers };
}
