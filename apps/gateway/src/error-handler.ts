/**
 * The one error handler: every error raised while answering a request (a step of the request
 * path, a hook, a body parser, a plugin) is rendered by the responder of the route's format.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { responderFor } from './responder-registry.js';
import type { GatewayError } from './responders/responder.js';
import { tableRouteOf } from './table-route.js';

export function answerError(error: GatewayError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return responderFor(tableRouteOf(request)).fail(error, request, reply);
}
