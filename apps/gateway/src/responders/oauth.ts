/**
 * `format: 'oauth'`, the OAuth endpoints (RFC 6749): a reply is plain JSON, an error is
 * `{ error, error_description }` (§5.2), both never cached. An error nothing expected is still a
 * 500 problem like on every other route.
 */
import type { FastifyReply } from 'fastify';
import { DomainError } from '@ncs/contracts';
import { ValidationProblem } from '../request-path/validate.js';
import { answerUnhandled, clientErrorName, type Responder } from './responder.js';

export const oauthResponder: Responder = {
  respond({ data, status }, _request, reply) {
    if (status === 204) return reply.code(204).header('Vary', 'Accept').send();
    return sendUncached(reply, status, data);
  },

  fail(error, request, reply) {
    if (error instanceof ValidationProblem) {
      const fields = (error.problem.errors ?? []).map(
        (e) => `${e.pointer.replace(/^\/body\/?/, '') || 'body'}: ${e.message}`,
      );
      return sendOAuthError(
        new DomainError('OAUTH_INVALID_REQUEST', fields.join('; ') || error.message),
        reply,
      );
    }
    if (error instanceof DomainError) return sendOAuthError(error, reply);
    if (clientErrorName(error))
      return sendOAuthError(new DomainError('OAUTH_INVALID_REQUEST', error.message), reply);
    return answerUnhandled(error, request, reply);
  },
};

/** RFC 6749 §5.2: `{ error, error_description }`, never cached. */
function sendOAuthError(error: DomainError, reply: FastifyReply): FastifyReply {
  const code = error.errorName.startsWith('OAUTH_')
    ? error.errorName.slice('OAUTH_'.length).toLowerCase()
    : 'invalid_request';
  if (error.status === 401) reply.header('WWW-Authenticate', 'Basic realm="ncs"');
  const status = error.errorName.startsWith('OAUTH_')
    ? error.status
    : error.status >= 500
      ? error.status
      : 400;
  return sendUncached(reply, status, {
    error: status >= 500 ? 'server_error' : code,
    error_description: error.expose ? error.message : 'Internal error.',
  });
}

function sendUncached(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('Pragma', 'no-cache')
    .type('application/json')
    .send(body);
}
