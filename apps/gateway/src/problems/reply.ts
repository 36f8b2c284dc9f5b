/**
 * What every problem answer gets on its way out: `instance` (the request path, without the query)
 * when the problem has none, and a `type` made absolute with the API's base URL (`PUBLIC_BASE_URL`,
 * else the request's scheme and host), so it resolves to the gateway's own page
 * (`problem-pages.ts`). Also Fastify's own URL errors (`frameworkErrors`), answered before any hook.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorName } from '@ncs/contracts';
import { problemFromName, withAbsoluteType, type Problem } from './problem.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API's base URL for this request, e.g. `https://api.example` (no trailing slash). */
    readonly apiBaseUrl: string;
  }
}

export function registerApiBaseUrl(app: FastifyInstance, publicBaseUrl: string | undefined): void {
  app.decorateRequest('apiBaseUrl', {
    getter(this: FastifyRequest) {
      return publicBaseUrl ?? `${this.protocol}://${this.host}`;
    },
  });
}

/** The request path without the query string. */
export function requestPath(url: string): string {
  return url.split('?')[0] ?? url;
}

export function completeProblem(request: FastifyRequest, problem: Problem): Problem {
  const withInstance =
    problem.instance === undefined ? { ...problem, instance: requestPath(request.url) } : problem;
  return withAbsoluteType(withInstance, request.apiBaseUrl);
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
  send: (reply: FastifyReply, problem: Problem) => FastifyReply,
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
    return send(reply, complete(problemFromName('INTERNAL', requestId)));
  }
  const detail =
    name === 'BAD_REQUEST' ? 'The request path is not a valid URL (malformed percent-encoding).' : undefined;
  return send(reply, complete(problemFromName(name, requestId, detail)));
}
