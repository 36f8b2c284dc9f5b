/**
 * A responder renders the answers of one route format (`RouteDefinition.format`): the owner's reply
 * on success (`respond`) and every error raised on a route of that format (`fail`, through the one
 * error handler). A new format (e.g. an event stream) is one more responder in `index.ts`.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { DomainError, ErrorName, RequestContext, RouteDefinition } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import type { EmbedTree } from '../hal/embed.js';
import { problemFromName } from '../problems/problem.js';
import { sendProblem } from '../problems/reply.js';
import type { NegotiatedVersion } from '../request-path/negotiate.js';

/** What the request path hands the responder once the owner answered. */
export interface RouteAnswer {
  readonly route: RouteDefinition;
  readonly data: unknown;
  /** The owner's status, else the route's. */
  readonly status: number;
  readonly negotiated: NegotiatedVersion;
  readonly ctx: RequestContext;
  readonly embed: EmbedTree;
}

export type GatewayError = FastifyError | Error;

export interface Responder {
  respond(
    answer: RouteAnswer,
    request: FastifyRequest,
    reply: FastifyReply,
    rpc: RpcClient,
  ): FastifyReply | Promise<FastifyReply>;
  fail(error: GatewayError, request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

/** Fastify's own errors (body parsing, limits) mapped to catalogue entries. */
const fastifyErrors: Readonly<Record<string, ErrorName>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
};

/** Catalogue entries for client errors raised by Fastify itself, by HTTP status. */
const errorNameForStatus: Readonly<Record<number, ErrorName>> = {
  404: 'ROUTE_NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/** The catalogue entry of one of Fastify's own errors, by its code. */
export function fastifyErrorName(error: GatewayError): ErrorName | undefined {
  return fastifyErrors[(error as FastifyError).code ?? ''];
}

/** Fastify's own client errors: the ones named above, else by their status (never a 500). */
export function clientErrorName(error: GatewayError): ErrorName | undefined {
  const statusCode = (error as FastifyError).statusCode ?? 500;
  return (
    fastifyErrorName(error) ??
    (statusCode >= 400 && statusCode < 500 ? (errorNameForStatus[statusCode] ?? 'BAD_REQUEST') : undefined)
  );
}

/** An error nothing expected: its detail goes to the log with the request id, never to the client. */
export function logUnhandled(request: FastifyRequest, error: GatewayError): void {
  request.log.error({ err: error, requestId: String(request.id) }, 'unhandled error');
}

/** A 5xx the domain raised (e.g. an owner unavailable): logged, answered without its message. */
export function logServerError(request: FastifyRequest, error: DomainError): void {
  if (error.status >= 500)
    request.log.warn(
      { requestId: String(request.id), code: error.code, status: error.status },
      error.message,
    );
}

/** A 500 problem saying only "internal error" and the request id (STYLE §6). */
export function answerUnhandled(
  error: GatewayError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  logUnhandled(request, error);
  return sendProblem(reply, problemFromName('INTERNAL', String(request.id)));
}
