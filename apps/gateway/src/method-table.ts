/**
 * The methods of the route table by path: a method the API does not serve at all (e.g. QUERY,
 * TRACE) is refused before any parsing, and a path the table has under other methods is 405 with
 * `Allow`, where an unknown path is 404.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, routes } from '@ncs/contracts';
import { problemFromName } from './problems/problem.js';
import { requestPath, sendProblem } from './problems/reply.js';
import { toFastifyPath } from './table-route.js';

/** Methods the API answers at all; any other (e.g. QUERY, TRACE) is 405 before any parsing. */
const servedMethods: ReadonlySet<string> = new Set([
  ...routes.map((r) => r.method),
  'GET',
  'HEAD',
  'OPTIONS',
]);

const tablePatterns = routes.map((route) => ({
  method: route.method,
  pattern: new RegExp(`^${toFastifyPath(route.path).replace(/\/$/, '').replace(/:\w+/g, '[^/]+')}/?$`),
}));

/** Methods the table allows on a path (for 405 and `Allow`). */
function methodsFor(url: string): string[] {
  const path = requestPath(url);
  return [...new Set(tablePatterns.filter((p) => p.pattern.test(path)).map((p) => p.method))];
}

/** From the first `onRequest` hook: a method no route has is 405 (or 404 on an unknown path). */
export function refuseUnservedMethod(request: FastifyRequest, reply: FastifyReply): void {
  if (servedMethods.has(request.method)) return;
  const allowed = methodsFor(request.url);
  if (allowed.length > 0) reply.header('Allow', allowed.join(', '));
  throw new DomainError(
    allowed.length > 0 ? 'METHOD_NOT_ALLOWED' : 'ROUTE_NOT_FOUND',
    `${request.method} is not a method of this API.`,
  );
}

/** Fastify's not-found handler: 405 with `Allow` where the path has other methods, else 404. */
export function answerUnknownRoute(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const allowed = methodsFor(request.url);
  if (allowed.length > 0) {
    reply.header('Allow', allowed.join(', '));
    return sendProblem(
      reply,
      problemFromName('METHOD_NOT_ALLOWED', String(request.id), undefined, {
        instance: requestPath(request.url),
      }),
    );
  }
  return sendProblem(
    reply,
    problemFromName(
      'ROUTE_NOT_FOUND',
      String(request.id),
      `No route ${request.method} ${requestPath(request.url)}.`,
    ),
  );
}
