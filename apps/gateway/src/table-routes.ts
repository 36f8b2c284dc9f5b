/**
 * One HTTP route per entry of the route table, each request taken through the same named steps:
 * negotiate the version, authenticate, authorise the token's scope, validate, scope to the
 * network, call the owning service over NATS, and respond in the route's format (HAL, OAuth JSON
 * or a page). A step refuses by throwing; the error handler renders it in the same format. At the
 * top of src/ because it composes the steps (request-path/) with the responders, which build on
 * the steps: neither folder imports the other's composition.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import { routes } from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import type { TokenAuthenticator } from './authentication/token-authenticator.js';
import { hasBody } from './body-parsers.js';
import { responders } from './responder-registry.js';
import { tableRouteOf, toFastifyPath } from './table-route.js';
import { authenticate, authoriseScope } from './request-path/authenticate.js';
import { callOwner } from './request-path/call-owner.js';
import { readInput } from './request-path/input.js';
import { negotiate, registerApiVersionHeader, requestContext } from './request-path/negotiate.js';
import { clampPageLimit, scopeToNetwork } from './request-path/scope.js';
// Polls (network-less paths whose network is the resource's).
import { networkOfResource } from './request-path/network-from-resource.js';
// The spec's network-less paths (`networklessOf`): the network named by the query or the token.
import { networkOfQuery } from './request-path/network-from-query.js';
import { compileRouteValidator, embedTreeFor, validate } from './request-path/validate.js';
import { assertWhitelistInVersion } from './version-gates.js';
// Scale-out.
import { isIdempotentRequest, withRetries, type RetryPolicy } from './request-path/retry.js';

export interface RoutingDeps {
  readonly rpc: RpcClient;
  readonly authenticator: TokenAuthenticator;
  readonly vendor: string;
  /** Scale-out: retries of requests that met no responder or a timeout. */
  readonly retry: RetryPolicy;
}

/** Formats whose responder keeps calling the owner while bytes stream (files). */
const streamedFormats = new Set<string>(['upload', 'file']);

export function registerTableRoutes(app: FastifyInstance, deps: RoutingDeps): void {
  app.addHook('preParsing', refuseBeforeBody(deps));
  // Hooks of the root: every response (also outside the table) names its version.
  registerApiVersionHeader(app);
  for (const route of routes) {
    const validator = compileRouteValidator(route);
    const responder = responders[route.format];
    app.route({
      method: route.method,
      url: toFastifyPath(route.path),
      config: { routeId: route.id },
      handler: async (request, reply) => {
        const requestId = String(request.id);
        const negotiated = negotiate(route, request, deps.vendor);
        const { version } = negotiated;
        const baseCtx = requestContext(route, request, version);
        const rpc = withRetries(deps.rpc, deps.retry, {
          idempotent: isIdempotentRequest(route, baseCtx),
          // Files: media (bench:files): a streamed upload or download makes one call per
          // piece for as long as the bytes flow; each call gets its own deadline, not the request's
          // (a 50 MB download at 2 MB/s was cut after 10 s).
          deadlineAt: streamedFormats.has(route.format) ? undefined : Date.now() + deps.retry.deadlineMs,
          onRetry: (details) => request.log.warn(details, 'retrying a request to the owner'),
        });
        const token = await authenticate(route, request, deps.authenticator, baseCtx);
        authoriseScope(route, token);
        const input = readInput(route, request);
        // Path and query first, then the network (a network the caller is not in is 404 whatever
        // the body says), then the body.
        validate(validator, version, input, ['params', 'query'], requestId);
        assertWhitelistInVersion(route, input.query, version);
        const ownerNetwork = token
          ? ((await networkOfResource(rpc, route, input, baseCtx)) ??
            (await networkOfQuery(rpc, route, input, token, baseCtx)))
          : undefined;
        const ctx = scopeToNetwork(route, baseCtx, token, input, ownerNetwork);
        validate(validator, version, input, ['body'], requestId);
        const embed = embedTreeFor(route, input.query.embed, requestId);
        clampPageLimit(route, input.query, ctx);
        const owner = await callOwner(rpc, route, { ctx, ...input }, request.log);
        const status = owner.status ?? route.reply.status;
        return responder.respond(
          { route, data: owner.data, status, negotiated, ctx, embed },
          request,
          reply,
          rpc,
        );
      },
    });
  }
}

/**
 * A body is read only for a caller who may call the route: a missing or unknown token (and a
 * version that cannot be served) is refused before a byte of it is parsed, so that anonymous
 * senders cannot make the gateway parse what they like. The handler's own steps reuse both answers
 * (negotiation is remembered, the token lookup is shared per request).
 */
function refuseBeforeBody(deps: RoutingDeps) {
  return async (request: FastifyRequest, _reply: FastifyReply, payload: RequestPayload) => {
    const route = tableRouteOf(request);
    if (!route || route.scope === 'public' || !hasBody(request)) return payload;
    const { version } = negotiate(route, request, deps.vendor);
    await authenticate(route, request, deps.authenticator, requestContext(route, request, version));
    return payload;
  };
}
