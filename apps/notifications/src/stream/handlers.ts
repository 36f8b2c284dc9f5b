/**
 * Handlers of the live stream: the route `stream.open` (the gateway opens the stream
 * once it answers: the caller is a user of the network; it returns the resume point and the
 * counters) and the internal `streamEventsSubject` the gateway reads on each notice.
 */
import { Value } from '@sinclair/typebox/value';
import {
  DomainError,
  streamEventsSubject,
  StreamEventsRequestSchema,
  streamRoutes,
  type RpcRequest,
} from '@ncs/contracts';
import { defineHandlers, type RpcHandler } from '@ncs/service-kit';
import type { AlertModels } from '../alerts/models.js';
import { streamCallerOf, streamEvents } from './events.js';

export const streamHandlers = defineHandlers<{ readonly models: AlertModels }>()(streamRoutes, {
  'stream.open': ({ ctx }, { models }) => streamEvents(models, streamCallerOf(ctx), null),
});

export function streamInternalHandlers(models: AlertModels): Record<string, RpcHandler> {
  return {
    [streamEventsSubject]: ({ ctx, body }: RpcRequest) => {
      if (!Value.Check(StreamEventsRequestSchema, body))
        throw new DomainError('BAD_REQUEST', 'after must be an event id or null.');
      return streamEvents(models, streamCallerOf(ctx), body.after);
    },
  };
}
