/**
 * `format: 'stream'`, the live stream: once the owner answered, the request is handed
 * to the gateway's live streams (live-stream/register.ts), which answer `text/event-stream`;
 * errors before the stream opens are problem+json as on HAL routes.
 */
import { halResponder } from './hal.js';
import type { Responder } from './responder.js';

export const streamResponder: Responder = {
  respond: (answer, request, reply) => request.server.liveStreams.open(answer, request, reply),
  fail: (error, request, reply) => halResponder.fail(error, request, reply),
};
