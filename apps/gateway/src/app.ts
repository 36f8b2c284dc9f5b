/**
 * The gateway as a Fastify app (built, not started: tests and `main.ts` both use it). This file
 * only composes: each concern (request ids, rate limits, the method table, access logs, body
 * parsers, docs, probes, the route table's request path, the one error handler) is a module.
 */
import formBody from '@fastify/formbody';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawServerDefault,
} from 'fastify';
import type { NatsConnection } from 'nats';
import type { Logger, RpcClient } from '@ncs/service-kit';
import { tracedChildLogger } from '@ncs/service-kit/telemetry-fastify';
import { registerAccessLog } from './access-log.js';
import { registerRequestMetrics } from './request-metrics.js';
import { apiBaseUrl, registerApiBaseUrl } from './api-base-url.js';
import { forgetRevokedTokens } from './authentication/revocations.js';
import { TokenAuthenticator } from './authentication/token-authenticator.js';
import { registerBodyParsers } from './body-parsers.js';
import { registerCors } from './browsers.js';
import { registerCaching } from './caching.js';
import { registerCompression } from './compression.js';
import { answerClientError } from './client-errors.js';
import type { GatewayConfig } from './config.js';
import { registerDocs } from './docs.js';
import { registerEntryPoint } from './entry-point.js';
import { answerError } from './error-handler.js';
import { answerUnknownRoute, refuseUnservedMethod } from './method-table.js';
import { registerProbes } from './probes.js';
import { answerFrameworkError } from './problems/reply.js';
import { RateLimiter } from './rate-limit/limiter.js';
import { registerRetryAfter } from './retry-after.js';
import { registerTableRoutes } from './table-routes.js';
import { requestIdOf } from './request-id.js';
// Notifications: the live stream.
import { registerLiveStreams } from './live-stream/register.js';
// Files and folders.
import { registerFiles } from './files/register.js';
// Scale-out.
import { retryPolicyOf, withRetries } from './request-path/retry.js';

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

export async function buildGateway(deps: GatewayDeps): Promise<Gateway> {
  const { config } = deps;
  // The pino logger stands in as Fastify's base logger (the generic keeps FastifyInstance's default types).
  const app = Fastify<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger>({
    loggerInstance: deps.logger,
    // Each request's logger carries its trace's ids, also where no span is exported.
    childLoggerFactory: tracedChildLogger,
    // No request lines of Fastify's own: the access log (access-log.ts) writes one, redacted.
    logController: new LogController({ disableRequestLogging: true }),
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, request, reply) => {
      void answerFrameworkError(error, request, reply, apiBaseUrl(config.PUBLIC_BASE_URL, request));
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // A path parameter's raw length: a 50-character hashtag of 4-byte characters, percent-encoded,
    // is 600; anything longer is 414 before routing.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 600 },
    requestIdHeader: false,
    genReqId: requestIdOf,
  });
  // Scale-out: a token lookup is a read, retried like any idempotent request.
  const retry = retryPolicyOf(config);
  const lookups = withRetries(deps.rpc, retry, {
    idempotent: true,
    onRetry: (details) => deps.logger.warn(details, 'retrying a token lookup'),
  });
  const authenticator = new TokenAuthenticator(lookups, {
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

  // Browsers and caches: CORS before the limiter (a 429 stays readable), then validators,
  // compression and `Retry-After`, all before any route is added.
  await registerCors(app, config);
  await registerCaching(app);
  await registerCompression(app);
  registerRetryAfter(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // Before anything can refuse the request: unknown routes and wrong methods count too.
    const limited = await rateLimiter.limit(request, reply);
    if (limited) return limited;
    refuseUnservedMethod(request, reply);
  });
  registerAccessLog(app);
  registerRequestMetrics(app);

  await app.register(formBody);
  registerBodyParsers(app);
  // Files and folders: multipart uploads, read by the upload responder only.
  await registerFiles(app, config);
  await registerDocs(app, config);
  registerProbes(app, deps.nats, config.READY_TIMEOUT_MS);
  registerTableRoutes(app, { rpc: deps.rpc, authenticator, vendor: config.API_VENDOR, retry });
  registerEntryPoint(app, { rpc: deps.rpc, authenticator, vendor: config.API_VENDOR });
  // Notifications: the live stream.
  registerLiveStreams(app, { ...deps, authenticator });

  app.setErrorHandler(answerError);
  app.setNotFoundHandler(answerUnknownRoute);
  return { app, authenticator };
}
