/**
 * Handlers of the live stream: the route `stream.open` (the gateway opens the stream once it
 * answers: the caller is a user of the network; it returns the counters) and the internal
 * `internalSubjects.streamAlerts` the gateway reads when it delivers alert events.
 */
import { internalSubjects, streamRoutes } from '@ncs/contracts';
import { defineHandlers, internalHandler, internalHandlerMap, type RpcHandler } from '@ncs/service-kit';
import type { AlertModels } from '../alerts/models.js';
import { streamAlerts, streamCallerOf, streamOpened } from './events.js';

export const streamHandlers = defineHandlers<{ readonly models: AlertModels }>()(streamRoutes, {
  'stream.open': ({ ctx }, { models }) => streamOpened(models, streamCallerOf(ctx)),
});

export function streamInternalHandlers(models: AlertModels): Record<string, RpcHandler> {
  return internalHandlerMap([
    internalHandler(internalSubjects.streamAlerts, ({ ctx, body }) =>
      streamAlerts(models, streamCallerOf(ctx), body.alertEIDs),
    ),
  ]);
}
