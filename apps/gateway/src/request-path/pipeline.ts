/**
 * One HTTP route per entry of the route table: negotiate the version, authenticate, validate,
 * scope to the network, call the owning service over NATS, and answer HAL (or OAuth JSON, or a page).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  bareResourceTypes,
  describeVersionRange,
  DomainError,
  effectivePageLimit,
  embedRoutesFor,
  embedSources,
  LATEST_VERSION,
  findRoute,
  inVersionRange,
  routes,
  scopesGrantRoute,
  type PlainCollection,
  type PlainResource,
  type ErrorDetail,
  type Principal,
  type RequestContext,
  type RouteDefinition,
  type TokenPrincipal,
} from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { requestRoute } from './call-owner.js';
import { InsufficientScopeError, type TokenAuthenticator } from '../authentication/token-authenticator.js';
import { callerPrincipal } from '../authentication/caller.js';
import {
  attachEmbedded,
  createdLocation,
  embeddedValueFor,
  embedRefs,
  InvalidEmbedError,
  parseEmbed,
  toHal,
  toHalCollection,
  type EmbedTree,
  type FetchedResources,
  type HalContext,
} from '../hal/links.js';
import { sendPage, type HtmlPage } from '../responders/html.js';
import { negotiateVersion } from './negotiate.js';
import { problemFromAjvErrors, problemFromName } from '../problems/problem.js';
import { compileRouteValidator, type Location } from './validate.js';

export interface RoutingDeps {
  readonly rpc: RpcClient;
  readonly authenticator: TokenAuthenticator;
  readonly vendor: string;
  readonly baseUrl: (request: FastifyRequest) => string;
}

/** Query parameters the gateway itself consumes; they never reach route schemas or services. */
const gatewayQueryParams = ['access_token'];

/** `/networks/{networkEID}/` → `/networks/:networkEID/` */
export function toFastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

export function registerTableRoutes(app: FastifyInstance, deps: RoutingDeps): void {
  for (const route of routes) {
    const validator = compileRouteValidator(route);
    app.route({
      method: route.method,
      url: toFastifyPath(route.path),
      config: { routeId: route.id },
      handler: async (request, reply) => {
        const requestId = String(request.id);
        const version = negotiate(route, request, deps.vendor);
        const language = preferredLanguage(request.headers['accept-language']);
        const baseCtx: RequestContext = {
          version: version.version,
          requestId,
          ...(language ? { language } : {}),
          ...(route.scope === 'public' ? { baseUrl: deps.baseUrl(request), host: request.host } : {}),
          ...(route.passwordSignIn ? { clientAddress: request.ip } : {}),
        };

        const rawQuery = { ...(request.query as Record<string, unknown>) };
        for (const name of gatewayQueryParams) delete rawQuery[name];
        // Resolved once per request: the rate limiter may have looked the token up already.
        const tokenPrincipal =
          route.scope === 'public' ? undefined : await callerPrincipal(request, deps.authenticator, baseCtx);

        if (tokenPrincipal && !scopesGrantRoute(tokenPrincipal.scopes, route.id))
          throw new InsufficientScopeError(tokenPrincipal.scopes ?? [], route.id);

        const input: Record<Location, unknown> = {
          params: { ...(request.params as Record<string, unknown>) },
          query: rawQuery,
          body: route.format === 'oauth' && route.method === 'POST' ? oauthBody(request) : request.body,
        };
        // Path and query first, then the network (a network the caller is not in is 404 whatever
        // the body says), then the body.
        const validated = (locations: readonly Location[]) => {
          const failure = validator.validate(version.version, input, locations);
          if (failure)
            throw new ValidationProblem(problemFromAjvErrors(failure.errors, failure.location, requestId));
        };
        validated(['params', 'query']);
        const ctx = scopeContext(
          route,
          baseCtx,
          tokenPrincipal,
          input.params as Record<string, string>,
          input.query as Record<string, unknown>,
        );
        validated(['body']);

        const embed = embedTreeFor(route, (input.query as { embed?: unknown }).embed, requestId);
        clampPageLimit(route, input.query as Record<string, unknown>, ctx);
        const { data, status } = await requestRoute(
          deps.rpc,
          route,
          {
            ctx,
            params: input.params as Record<string, unknown>,
            query: input.query as Record<string, unknown>,
            body: input.body,
          },
          request.log,
        );

        const replyStatus = status ?? route.reply.status;
        if (route.format === 'html') return sendPage(reply, request.method, data as HtmlPage, replyStatus);
        if (replyStatus === 204) return reply.code(204).header('Vary', 'Accept').send();
        if (route.format === 'oauth') {
          return reply
            .code(replyStatus)
            .header('Cache-Control', 'no-store')
            .header('Pragma', 'no-cache')
            .type('application/json')
            .send(data);
        }
        const halCtx: HalContext = {
          baseUrl: deps.baseUrl(request),
          version: version.version,
          ...(ctx.networkEID ? { networkEID: ctx.networkEID } : {}),
          ...(ctx.principal?.profileEID ? { profileEID: ctx.principal.profileEID } : {}),
        };
        const body = await assemble(
          data as PlainResource | PlainCollection,
          halCtx,
          ctx,
          request,
          deps.rpc,
          embed,
        );
        const location = replyStatus === 201 ? createdLocation(body) : undefined;
        if (location !== undefined) reply.header('Location', location);
        return sendHal(reply, replyStatus, version.mediaType, body);
      },
    });
  }
}

/** Carries a ready problem (validation details) through Fastify's error handler. */
export class ValidationProblem extends DomainError {
  constructor(readonly problem: ReturnType<typeof problemFromAjvErrors>) {
    super('VALIDATION_FAILED', problem.detail, problem.errors);
  }
}

function negotiate(route: RouteDefinition, request: FastifyRequest, vendor: string) {
  if (route.format !== 'hal') return { version: LATEST_VERSION, mediaType: 'application/json' };
  const result = negotiateVersion(request.headers.accept, vendor);
  if (!result.ok) throw new DomainError('NOT_ACCEPTABLE', result.reason);
  assertRouteInVersion(route, result.value.version);
  return result.value;
}

/** A route that exists only in some versions (`route.versions`) is a 404 for the others. */
export function assertRouteInVersion(
  route: Pick<RouteDefinition, 'method' | 'path' | 'versions'>,
  version: string,
) {
  if (inVersionRange(version, route.versions)) return;
  throw new DomainError(
    'ROUTE_NOT_FOUND',
    `${route.method} ${route.path} exists in API versions ${describeVersionRange(route.versions)}, not in ${version}.`,
  );
}

/** RFC 6749 §2.3.1: client credentials may come as HTTP Basic instead of form fields. */
function oauthBody(request: FastifyRequest): unknown {
  const contentType = request.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new DomainError(
      'OAUTH_INVALID_REQUEST',
      'The token request must be application/x-www-form-urlencoded.',
    );
  }
  const body = { ...(request.body as Record<string, unknown>) };
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value))
      throw new DomainError('OAUTH_INVALID_REQUEST', `${key} is given more than once.`);
  }
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.authorization ?? '');
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const separator = decoded.indexOf(':');
    if (separator < 0) throw new DomainError('OAUTH_INVALID_CLIENT', 'Malformed Basic credentials.');
    if (body.client_secret !== undefined) {
      throw new DomainError('OAUTH_INVALID_REQUEST', 'Use one client authentication method, not two.');
    }
    body.client_id = decodeURIComponent(decoded.slice(0, separator));
    body.client_secret = decodeURIComponent(decoded.slice(separator + 1));
  }
  return body;
}

/**
 * The network of a `network` route: the path's `{networkEID}`, else the route's `networkQuery`
 * parameter, else the caller's oldest membership (profile EIDs are ObjectIds: they sort by creation).
 */
function requestedNetwork(
  route: RouteDefinition,
  token: TokenPrincipal,
  params: Record<string, string>,
  query: Record<string, unknown>,
): string | undefined {
  if (params.networkEID !== undefined || route.networkQuery === undefined) return params.networkEID;
  const named = query[route.networkQuery];
  if (typeof named === 'string') return named;
  const byAge = [...token.memberships].sort((a, b) =>
    (a.profileEID ?? a.networkEID).localeCompare(b.profileEID ?? b.networkEID),
  );
  return byAge[0]?.networkEID;
}

/** Builds the envelope context for the route's scope; a network the caller is not in is 404. */
function scopeContext(
  route: RouteDefinition,
  base: RequestContext,
  token: TokenPrincipal | undefined,
  params: Record<string, string>,
  query: Record<string, unknown>,
): RequestContext {
  if (!token) return base;
  if (route.scope === 'network') {
    const networkEID = requestedNetwork(route, token, params, query);
    const membership = token.memberships.find((m) => m.networkEID === networkEID);
    if (!networkEID || !membership) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
    // An app (client-credentials) token has a membership per installation, without a profile.
    const principal: Principal = {
      ...(token.accountId ? { accountId: token.accountId } : {}),
      ...(membership.profileEID ? { profileEID: membership.profileEID } : {}),
      appEID: token.clientId,
      external: membership.external,
      roles: [membership.role],
      permissions: membership.permissions,
    };
    return { ...base, networkEID, principal };
  }
  const principal: Principal = {
    ...(token.accountId ? { accountId: token.accountId } : {}),
    appEID: token.clientId,
    external: false,
    roles: [],
    permissions: [],
  };
  return { ...base, principal };
}

/** Bounds `limit` (after schema defaults) by the caller's permissions: `infinite_limit` lifts it. */
function clampPageLimit(route: RouteDefinition, query: Record<string, unknown>, ctx: RequestContext): void {
  if (!route.query || !('limit' in route.query.properties)) return;
  query.limit = effectivePageLimit(query.limit as number | undefined, ctx.principal?.permissions ?? []);
}

/** The relations asked for with `embed=`, each one the route declares embeddable (else 400). */
function embedTreeFor(route: RouteDefinition, embed: unknown, requestId: string): EmbedTree {
  if (embed === undefined) return {};
  let tree: EmbedTree;
  try {
    tree = parseEmbed(typeof embed === 'string' ? embed : undefined);
  } catch (error) {
    if (error instanceof InvalidEmbedError) throw new EmbedProblem(error.detail, requestId);
    throw error;
  }
  const unknown = Object.keys(tree).filter((rel) => !(route.embeddable ?? []).includes(rel));
  if (unknown.length > 0) {
    const allowed = route.embeddable?.length ? route.embeddable.join(', ') : 'none';
    throw new EmbedProblem(
      { pointer: '/query/embed', message: `cannot embed ${unknown.join(', ')}; embeddable here: ${allowed}` },
      requestId,
    );
  }
  return tree;
}

class EmbedProblem extends ValidationProblem {
  constructor(detail: ErrorDetail, requestId: string) {
    super(
      problemFromName('VALIDATION_FAILED', requestId, 'The query does not match the schema.', {
        errors: [detail],
      }),
    );
  }
}

/**
 * Fetches what `embed=` asks for: the references of every resource of the reply, one batch request
 * per resource type to its owner (never one request per item).
 */
async function fetchEmbedded(
  resources: readonly PlainResource[],
  relations: readonly string[],
  ctx: RequestContext,
  rpc: RpcClient,
): Promise<FetchedResources> {
  const refs = embedRefs(resources, relations);
  const entries = await Promise.all(
    [...refs].map(async ([type, eids]) => {
      const subject = embedSources[type];
      if (!subject) return [type, new Map<string, PlainResource>()] as const;
      const found = await rpc.request<PlainResource[]>(subject, { ctx, body: { EIDs: [...eids] } });
      return [type, new Map(found.map((resource) => [String(resource.EID), resource]))] as const;
    }),
  );
  return new Map(entries);
}

function withEmbedded(
  hal: Record<string, unknown>,
  plain: PlainResource,
  relations: readonly string[],
  fetched: FetchedResources,
  halCtx: HalContext,
): Record<string, unknown> {
  let body = hal;
  for (const rel of relations) {
    const value = embeddedValueFor(plain, rel, fetched);
    if (value === undefined) continue;
    body = attachEmbedded(
      body,
      rel,
      Array.isArray(value) ? value.map((v) => toHal(v, halCtx)) : toHal(value, halCtx),
    );
  }
  return body;
}

async function assemble(
  data: PlainResource | PlainCollection,
  halCtx: HalContext,
  ctx: RequestContext,
  request: FastifyRequest,
  rpc: RpcClient,
  embed: EmbedTree,
): Promise<Record<string, unknown>> {
  const relations = Object.keys(embed);
  if (data.type === 'collection') {
    const page = data as PlainCollection;
    const collection = toHalCollection(page, halCtx, new URL(request.url, halCtx.baseUrl));
    if (relations.length === 0) return collection;
    const fetched = await fetchEmbedded(page.items, relations, ctx, rpc);
    const embedded = collection._embedded as Record<string, Record<string, unknown>[]>;
    const items = (embedded[page.rel] ?? []).map((item, i) =>
      withEmbedded(item, page.items[i]!, relations, fetched, halCtx),
    );
    return { ...collection, _embedded: { ...embedded, [page.rel]: items } };
  }
  let body = toHal(data as PlainResource, halCtx);
  if (relations.length > 0) {
    body = withEmbedded(
      body,
      data as PlainResource,
      relations,
      await fetchEmbedded([data as PlainResource], relations, ctx, rpc),
      halCtx,
    );
  }
  // Version gates that embed another route's resource (e.g. the aggregate's network before 1.0.18).
  for (const { rel, routeId } of embedRoutesFor(data.type, ctx.version)) {
    const resource = await rpc.request<PlainResource>(findRoute(routeId).subject, {
      ctx,
      params: ctx.networkEID ? { networkEID: ctx.networkEID } : {},
    });
    body = attachEmbedded(body, rel, toHal(resource, halCtx));
  }
  if (bareResourceTypes.has(data.type)) {
    const { _links, _embedded } = body;
    return { _links, ...(_embedded ? { _embedded } : {}) };
  }
  return body;
}

function sendHal(reply: FastifyReply, status: number, mediaType: string, body: unknown): FastifyReply {
  // A Buffer is sent as is: the negotiated media type goes out exactly, without a charset parameter.
  return reply
    .code(status)
    .header('Vary', 'Accept')
    .header('Content-Type', mediaType)
    .send(Buffer.from(JSON.stringify(body)));
}

/** The primary language subtag of the most preferred entry of `Accept-Language`, e.g. `nl`. */
export function preferredLanguage(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/.test(entry.tag) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.tag.split('-')[0];
}
