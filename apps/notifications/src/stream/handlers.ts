/**
 * Handlers of the live stream: the route `stream.open` (the gateway opens the stream
 * once it answers: the caller is a user of the network; it returns the resume point and the
 * counters) and the internal `internalSubjects.streamEvents` the gateway reads on each notice.
 */
import { internalSubjects, streamRoutes } from '@ncs/contracts';
import { defineHandlers, internalHandler, internalHandlerMap, type RpcHandler } from '@ncs/service-kit';
import type { AlertModels } from '../alerts/models.js';
import { streamCallerOf, streamEvents } from './events.js';

export const streamHandlers = defineHandlers<{ readonly models: AlertModels }>()(streamRoutes, {
  'stream.open': ({ ctx }, { models }) => streamEvents(models, streamCallerOf(ctx), null),
});

export function streamInternalHandlers(models: AlertModels): Record<string, RpcHandler> {
  return internalHandlerMap([
    internalHandler(internalSubjects.streamEvents, ({ ctx, body }) =>
      streamEvents(models, streamCallerOf(ctx), body.after),
    ),
  ]);
}
