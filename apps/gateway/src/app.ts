/**
 * The gateway as a Fastify app (built, not started: tests and `main.ts` both use it).
 * Cross-cutting concerns live here: request ids, access logs without secrets, errors as
 * problem+json, unknown routes, health and readiness, the OpenAPI document and the docs page.
 */
import { randomUUID } from 'node:crypto';
import formBody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, {
  type FastifyBaseLogger,
  type RawServerDefault,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { NatsConnection } from 'nats';
import {
  buildOpenApiDocument,
  DomainError,
  routes,
  serviceNames,
  tokenRevokedSubject,
  type DomainEvent,
  type ErrorName,
} from '@ncs/contracts';
import { redactUrl, type Logger, type RpcClient } from '@ncs/service-kit';
import { answerClientError } from './client-errors.js';
import { registerBodyParsers } from './body-parsers.js';
import { registerProblemPages } from './problems/pages.js';
import { answerFrameworkError, completeProblem, registerApiBaseUrl } from './problems/reply.js';
import { AuthenticationError, InsufficientScopeError, TokenAuthenticator } from './authentication/token-authenticator.js';
import type { GatewayConfig } from './config.js';
import { sendErrorPage } from './responders/html.js';
import { problemFromName, problemFromWireError, type Problem } from './problems/problem.js';
import { RateLimiter } from './rate-limit/limiter.js';
import { registerTableRoutes, toFastifyPath, ValidationProblem } from './request-path/pipeline.js';

export interface GatewayDeps {
  readonly config: GatewayConfig;
  readonly nats: NatsConnection;
  readonly rpc: RpcClient;
  readonly logger: Logger;
}

export interface Gateway {
  readonly app: FastifyInstance;
  readonly authenticator: TokenAuthenticator;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildGateway(deps: GatewayDeps): Promise<Gateway> {
  const { config } = deps;
  // The pino logger stands in as Fastify's base logger (the generic keeps FastifyInstance's default types).
  const app = Fastify<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger>({
    loggerInstance: deps.logger,
    disableRequestLogging: true,
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, request, reply) => {
      void answerFrameworkError(error, request, reply, sendProblem, baseUrl(request));
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  const baseUrl = (request: FastifyRequest) =>
    config.PUBLIC_BASE_URL ?? `${request.protocol}://${request.host}`;
  const authenticator = new TokenAuthenticator(deps.rpc, {
    ttlMs: config.TOKEN_CACHE_TTL_MS,
    maxEntries: config.TOKEN_CACHE_MAX_ENTRIES,
  });

  forgetRevokedTokens(app, deps, authenticator);
  registerApiBaseUrl(app, config.PUBLIC_BASE_URL);
  const rateLimiter = new RateLimiter(deps.nats, authenticator, deps.logger, {
    max: config.RATE_LIMIT_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    signInMax: config.TOKEN_RATE_LIMIT_MAX,
    signInWindowMs: config.TOKEN_RATE_LIMIT_WINDOW_MS,
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // Before anything can refuse the request: unknown routes and wrong methods count too.
    const limited = await rateLimiter.limit(request, reply);
    if (limited) return limited;
    if (!servedMethods.has(request.method)) {
      const allowed = methodsFor(request.url);
      if (allowed.length > 0) reply.header('Allow', allowed.join(', '));
      throw new DomainError(
        allowed.length > 0 ? 'METHOD_NOT_ALLOWED' : 'ROUTE_NOT_FOUND',
        `${request.method} is not a method of this API.`,
      );
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        requestId: request.id,
        method: request.method,
        url: redactUrl(request.url),
        statusCode: reply.statusCode,
        responseTimeMs: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });

  await app.register(formBody);
  registerBodyParsers(app);
  await registerDocs(app, config);
  registerProblemPages(app);
  registerProbes(app, deps);
  registerTableRoutes(app, { rpc: deps.rpc, authenticator, vendor: config.API_VENDOR, baseUrl });

  app.setErrorHandler((error: FastifyError | Error, request, reply) => answerError(error, request, reply));
  app.setNotFoundHandler((request, reply) => {
    const allowed = methodsFor(request.url);
    if (allowed.length > 0) {
      reply.header('Allow', allowed.join(', '));
      return sendProblem(
        reply,
        problemFromName('METHOD_NOT_ALLOWED', String(request.id), undefined, {
          instance: request.url.split('?')[0],
        }),
      );
    }
    return sendProblem(
      reply,
      problemFromName(
        'ROUTE_NOT_FOUND',
        String(request.id),
        `No route ${request.method} ${request.url.split('?')[0]}.`,
      ),
    );
  });
  return { app, authenticator };
}

/**
 * Revoked tokens leave the principal cache at once: auth publishes their SHA-256 hashes (the cache
 * key) on `events.auth.token.revoked`; a core subscription also receives JetStream publications.
 */
function forgetRevokedTokens(app: FastifyInstance, deps: GatewayDeps, authenticator: TokenAuthenticator) {
  const decoder = new TextDecoder();
  const subscription = deps.nats.subscribe(tokenRevokedSubject, {
    callback: (error, msg) => {
      if (error) return deps.logger.warn({ err: error }, 'revocation subscription failed');
      try {
        const event = JSON.parse(decoder.decode(msg.data)) as DomainEvent<{ tokenHashes?: unknown }>;
        const hashes = event.data.tokenHashes;
        if (Array.isArray(hashes))
          authenticator.forget(hashes.filter((h): h is string => typeof h === 'string'));
      } catch {
        deps.logger.warn({ subject: msg.subject }, 'unreadable revocation event ignored');
      }
    },
  });
  app.addHook('onClose', (_instance, done) => {
    subscription.unsubscribe();
    done();
  });
}

function sendProblem(reply: FastifyReply, problem: Problem): FastifyReply {
  return reply
    .code(problem.status)
    .header('Vary', 'Accept')
    .type('application/problem+json')
    .send(JSON.stringify(completeProblem(reply.request, problem)));
}

/** Fastify's own errors (body parsing, limits) mapped to catalogue entries. */
const fastifyErrors: Record<string, ErrorName> = {
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

/** Methods the API answers at all; any other (e.g. QUERY, TRACE) is 405 before any parsing. */
const servedMethods: ReadonlySet<string> = new Set([
  ...routes.map((r) => r.method),
  'GET',
  'HEAD',
  'OPTIONS',
]);

function answerError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const requestId = String(request.id);
  const routeId = (request.routeOptions.config as { routeId?: string } | undefined)?.routeId;
  const format = routes.find((r) => r.id === routeId)?.format;
  const isOAuth = format === 'oauth';
  if (format === 'html') return answerHtmlError(error, request, reply);

  if (error instanceof ValidationProblem && isOAuth) {
    const fields = (error.problem.errors ?? []).map(
      (e) => `${e.pointer.replace(/^\/body\/?/, '') || 'body'}: ${e.message}`,
    );
    return answerOAuthError(
      new DomainError('OAUTH_INVALID_REQUEST', fields.join('; ') || error.message),
      reply,
    );
  }
  if (error instanceof DomainError && isOAuth) return answerOAuthError(error, reply);
  if (error instanceof ValidationProblem) return sendProblem(reply, error.problem);
  if (error instanceof DomainError) {
    if (error instanceof AuthenticationError) {
      const params = ['realm="ncs"', ...(error.bearerError ? [`error="${error.bearerError}"`] : [])];
      reply.header('WWW-Authenticate', `Bearer ${params.join(', ')}`);
    }
    if (error instanceof InsufficientScopeError) {
      const scope = error.requiredScopes.length > 0 ? `, scope="${error.requiredScopes.join(' ')}"` : '';
      reply.header('WWW-Authenticate', `Bearer realm="ncs", error="insufficient_scope"${scope}`);
    }
    if (error.status >= 500)
      request.log.warn({ requestId, code: error.code, status: error.status }, error.message);
    return sendProblem(reply, problemFromWireError(error.toWire(), requestId, request.url.split('?')[0]));
  }
  // Fastify's own client errors: the ones named above, else by their status (never a 500).
  const statusCode = (error as FastifyError).statusCode ?? 500;
  const name =
    fastifyErrors[(error as FastifyError).code ?? ''] ??
    (statusCode >= 400 && statusCode < 500 ? (errorNameForStatus[statusCode] ?? 'BAD_REQUEST') : undefined);
  if (name) {
    const problem = problemFromName(name, requestId, error.message);
    return isOAuth
      ? answerOAuthError(new DomainError('OAUTH_INVALID_REQUEST', error.message), reply)
      : sendProblem(reply, problem);
  }
  request.log.error({ err: error, requestId }, 'unhandled error');
  return sendProblem(reply, problemFromName('INTERNAL', requestId));
}

/** On a page route every error is an HTML page with its status, never a redirect. */
function answerHtmlError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  const requestId = String(request.id);
  if (error instanceof ValidationProblem) {
    const fields = (error.problem.errors ?? []).map((e) => `${e.pointer}: ${e.message}`).join('; ');
    return sendErrorPage(reply, 400, 'Bad request', fields || error.message, requestId);
  }
  const name = error instanceof DomainError ? undefined : fastifyErrors[(error as FastifyError).code ?? ''];
  const domainError = error instanceof DomainError ? error : name ? new DomainError(name) : undefined;
  if (!domainError) request.log.error({ err: error, requestId }, 'unhandled error');
  else if (domainError.status >= 500)
    request.log.warn({ requestId, code: domainError.code, status: domainError.status }, domainError.message);
  const status = domainError?.status ?? 500;
  const message = domainError?.expose ? domainError.message : 'Internal error.';
  return sendErrorPage(
    reply,
    status,
    status >= 500 ? 'Something went wrong' : 'Cannot continue',
    message,
    requestId,
  );
}

/** RFC 6749 §5.2: `{ error, error_description }`, never cached. */
function answerOAuthError(error: DomainError, reply: FastifyReply): FastifyReply {
  const code = error.errorName.startsWith('OAUTH_')
    ? error.errorName.slice('OAUTH_'.length).toLowerCase()
    : 'invalid_request';
  if (error.status === 401) reply.header('WWW-Authenticate', 'Basic realm="ncs"');
  const status = error.errorName.startsWith('OAUTH_')
    ? error.status
    : error.status >= 500
      ? error.status
      : 400;
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .header('Pragma', 'no-cache')
    .type('application/json')
    .send({
      error: status >= 500 ? 'server_error' : code,
      error_description: error.expose ? error.message : 'Internal error.',
    });
}

const tablePatterns = routes.map((route) => ({
  method: route.method,
  pattern: new RegExp(`^${toFastifyPath(route.path).replace(/\/$/, '').replace(/:\w+/g, '[^/]+')}/?$`),
}));

/** Methods the table allows on a path (for 405 and `Allow`). */
function methodsFor(url: string): string[] {
  const path = url.split('?')[0] ?? '';
  return [...new Set(tablePatterns.filter((p) => p.pattern.test(path)).map((p) => p.method))];
}

function registerProbes(app: FastifyInstance, deps: GatewayDeps): void {
  const probe = { config: { rateLimit: false } };
  app.get('/health', probe, (_request, reply) => reply.send({ status: 'ok' }));
  app.get('/ready', probe, async (request, reply) => {
    const checks: Record<string, 'up' | 'down'> = { nats: 'down' };
    if (!deps.nats.isClosed()) {
      try {
        await deps.nats.rtt();
        checks.nats = 'up';
      } catch {
        checks.nats = 'down';
      }
    }
    await Promise.all(
      serviceNames.map(async (service) => {
        checks[service] =
          checks.nats === 'up' && (await pingService(deps.nats, service, deps.config.READY_TIMEOUT_MS))
            ? 'up'
            : 'down';
      }),
    );
    const down = Object.entries(checks)
      .filter(([, state]) => state === 'down')
      .map(([name]) => name);
    if (down.length === 0) return { status: 'ready', checks };
    const problem = problemFromName(
      'SERVICE_UNAVAILABLE',
      String(request.id),
      `Not ready: ${down.join(', ')} unreachable.`,
      { checks },
    );
    return sendProblem(reply, problem);
  });
}

/** `$SRV.PING.<service>`: any instance answering means the service is reachable. */
async function pingService(nats: NatsConnection, service: string, timeoutMs: number): Promise<boolean> {
  try {
    await nats.request(`$SRV.PING.${service}`, undefined, { timeout: timeoutMs });
    return true;
  } catch {
    return false;
  }
}

async function registerDocs(app: FastifyInstance, config: GatewayConfig): Promise<void> {
  const document = buildOpenApiDocument({
    baseUrl: config.PUBLIC_BASE_URL ?? '/',
    vendor: config.API_VENDOR,
  });
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { config: { routeId: 'openapi' } }, (_request, reply) =>
    reply.send(app.swagger()),
  );
}
