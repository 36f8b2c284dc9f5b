/**
 * The messaging service as a module. It owns its database and answers `$SRV` discovery; its routes
 * join the route table with the issues that specify them (the conformance test keeps both in step).
 */
import { DomainError, internalSubjects, routesOf, type RequestContext } from '@ncs/contracts';
import { bindRoutes, defineHandlers, type RpcHandler, type ServiceModule } from '@ncs/service-kit';

/** Handlers of the route table's messaging routes, by route id (none yet). */
export const messagingHandlers = defineHandlers<null>()(routesOf('messaging'), {});

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
  const handlers = bindRoutes(routesOf('messaging'), messagingHandlers, null);
  for (const [subject, handler] of Object.entries(internalHandlers())) handlers.set(subject, handler);
  return { handlers };
}
