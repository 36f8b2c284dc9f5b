/**
 * Problems on their way out (RFC 9457, `application/problem+json`): `instance` (the request path,
 * without the query) when the problem has none, and a `type` made absolute with the API's base URL
 * (`api-base-url.ts`), so it resolves to the gateway's own page (`pages.ts`). Also Fastify's own
 * URL errors (`frameworkErrors`), answered before any hook.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorName } from '@ncs/contracts';
import { PROBLEM_MEDIA_TYPE, problemFromName, withAbsoluteType, type Problem } from './problem.js';

/** The request path without the query string. */
export function requestPath(url: string): string {
  return url.split('?')[0] ?? url;
}

export function completeProblem(request: FastifyRequest, problem: Problem): Problem {
  const withInstance =
    problem.instance === undefined ? { ...problem, instance: requestPath(request.url) } : problem;
  return withAbsoluteType(withInstance, request.apiBaseUrl);
}

export function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  return (
    reply
      .code(problem.status)
      // As HAL answers (`request-path/negotiate.ts`): a 406 depends on both.
      .header('Vary', 'Accept, Api-Version')
      .type(PROBLEM_MEDIA_TYPE)
      .send(JSON.stringify(completeProblem(reply.request, problem)))
  );
}

/** Fastify's routing errors by code: a malformed percent-encoding, a path parameter too long. */
const frameworkErrorNames: Readonly<Record<string, ErrorName>> = {
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
};

/**
 * Fastify answers these before any hook runs (so without `X-Request-Id`) unless `frameworkErrors`
 * is set: here they are problems like every other error.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  baseUrl: string,
): FastifyReply {
  // This request object is built by Fastify's router without the app's decorators: the problem
  // leaves here complete (instance, absolute type).
  const requestId = String(request.id);
  const complete = (problem: Problem) =>
    withAbsoluteType({ ...problem, instance: requestPath(request.url) }, baseUrl);
  reply.header('X-Request-Id', requestId);
  const name = frameworkErrorNames[error.code];
  if (!name) {
    request.log.error({ err: error, requestId }, 'routing error');
    return sendProblem(reply, complete(problemFromName('INTERNAL', requestId)));
  }
  const detail =
    name === 'BAD_REQUEST' ? 'The request path is not a valid URL (malformed percent-encoding).' : undefined;
  return sendProblem(reply, complete(problemFromName(name, requestId, detail)));
}
