/**
 * `format: 'hal'`, the API's JSON routes: a reply is HAL in the negotiated media type (vendor,
 * `application/hal+json` or `application/json`; `Location`
 * on a 201), an error is an RFC 9457 problem (`application/problem+json`), with an RFC 6750
 * `WWW-Authenticate` challenge when a token was missing, invalid or short of scope, and
 * `Retry-After` when the error's catalogue entry names a wait. Errors outside
 * the route table (unknown routes, probes, docs) are answered the same way.
 */
import type { FastifyReply } from 'fastify';
import {
  DomainError,
  errorCatalogue,
  type ErrorDefinition,
  type PlainCollection,
  type PlainResource,
} from '@ncs/contracts';
import { AuthenticationError, InsufficientScopeError } from '../authentication/token-authenticator.js';
import { createdLocation, type HalContext } from '../hal/links.js';
import { halRepresentation } from '../hal/representation.js';
import { problemFromName, problemFromWireError } from '../problems/problem.js';
import { requestPath, sendProblem } from '../problems/reply.js';
import { NEGOTIATION_VARY } from '../request-path/negotiate.js';
import { ValidationProblem } from '../request-path/validate.js';
import { answerUnhandled, clientErrorName, logServerError, type Responder } from './responder.js';

export const halResponder: Responder = {
  async respond({ data, status, negotiated, ctx, embed }, request, reply, rpc) {
    if (status === 204) return reply.code(204).header('Vary', NEGOTIATION_VARY).send();
    const halCtx: HalContext = {
      baseUrl: request.apiBaseUrl,
      version: negotiated.version,
      ...(ctx.networkEID ? { networkEID: ctx.networkEID } : {}),
      ...(ctx.principal?.profileEID ? { profileEID: ctx.principal.profileEID } : {}),
    };
    const body = await halRepresentation(
      data as PlainResource | PlainCollection,
      halCtx,
      ctx,
      request.url,
      rpc,
      embed,
    );
    const location = status === 201 ? createdLocation(body) : undefined;
    if (location !== undefined) reply.header('Location', location);
    return sendHal(reply, status, negotiated.mediaType, body);
  },

  fail(error, request, reply) {
    if (error instanceof ValidationProblem) return sendProblem(reply, error.problem);
    if (error instanceof DomainError) {
      challenge(error, reply);
      retryAfter(error, reply);
      logServerError(request, error);
      return sendProblem(
        reply,
        problemFromWireError(error.toWire(), String(request.id), requestPath(request.url)),
      );
    }
    const name = clientErrorName(error);
    if (name) return sendProblem(reply, problemFromName(name, String(request.id), error.message));
    return answerUnhandled(error, request, reply);
  },
};

/** RFC 6750 §3: what the token lacked, on a 401 or a 403 for its scope. */
function challenge(error: DomainError, reply: FastifyReply): void {
  if (error instanceof AuthenticationError) {
    const params = ['realm="ncs"', ...(error.bearerError ? [`error="${error.bearerError}"`] : [])];
    reply.header('WWW-Authenticate', `Bearer ${params.join(', ')}`);
  }
  if (error instanceof InsufficientScopeError) {
    const scope = error.requiredScopes.length > 0 ? `, scope="${error.requiredScopes.join(' ')}"` : '';
    reply.header('WWW-Authenticate', `Bearer realm="ncs", error="insufficient_scope"${scope}`);
  }
}

/** RFC 9110 §10.2.3: how long to wait, for an error whose catalogue entry says (a service's error too). */
function retryAfter(error: DomainError, reply: FastifyReply): void {
  const definition: ErrorDefinition = errorCatalogue[error.errorName];
  if (definition.retryAfterSeconds !== undefined)
    reply.header('Retry-After', String(definition.retryAfterSeconds));
}

function sendHal(reply: FastifyReply, status: number, mediaType: string, body: unknown): FastifyReply {
  // A Buffer is sent as is: the negotiated media type goes out exactly, without a charset parameter.
  return reply
    .code(status)
    .header('Vary', NEGOTIATION_VARY)
    .header('Content-Type', mediaType)
    .send(Buffer.from(JSON.stringify(body)));
}
