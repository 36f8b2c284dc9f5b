/**
 * The OpenAPI 3.1 document, derived from the route table (ARCHITECTURE §4): nothing here is
 * written twice. Schemas that carry a `$id` are moved to `components.schemas` (named after their
 * `$id`) and referenced with `$ref`; everything else is inlined.
 */
import type { TSchema } from '@sinclair/typebox';
import { OAuthErrorResponse, ProblemResponse } from './resources.js';
import { isVersionedSchema, type RouteDefinition } from './route-definition.js';
import { routes } from './routes.js';
import {
  describeSupportedVersions,
  describeVersionRange,
  inVersionRange,
  LATEST_VERSION,
} from './versions.js';

export type JsonSchema = Record<string, unknown>;

export interface OpenApiMediaType {
  readonly schema: JsonSchema;
  /** Bodies that differ between versions: each variant with the versions it applies to. */
  readonly 'x-ncs-version-variants'?: readonly { readonly versions: string; readonly schema: JsonSchema }[];
}

export interface OpenApiResponse {
  readonly description: string;
  readonly headers?: Readonly<Record<string, { readonly $ref: string }>>;
  readonly content?: Readonly<Record<string, OpenApiMediaType>>;
}

export interface OpenApiParameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly required: boolean;
  readonly description?: string;
  readonly schema: JsonSchema;
}

export interface OpenApiOperation {
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly parameters?: readonly OpenApiParameter[];
  readonly requestBody?: {
    readonly required: boolean;
    readonly description?: string;
    readonly content: Readonly<Record<string, OpenApiMediaType>>;
  };
  readonly responses: Readonly<Record<string, OpenApiResponse>>;
  /** `[]` on public routes: no token needed. */
  readonly security?: readonly Record<string, readonly string[]>[];
}

export type OpenApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly servers: readonly { readonly url: string }[];
  readonly tags: readonly { readonly name: string }[];
  readonly security: readonly Record<string, readonly string[]>[];
  readonly paths: Readonly<Record<string, Partial<Record<OpenApiMethod, OpenApiOperation>>>>;
  readonly components: {
    readonly securitySchemes: Readonly<Record<string, JsonSchema>>;
    readonly headers: Readonly<Record<string, JsonSchema>>;
    readonly schemas: Readonly<Record<string, JsonSchema>>;
  };
}

export interface OpenApiOptions {
  readonly baseUrl: string;
  /** Vendor of the media type, e.g. `ncs` in `application/vnd.ncs.api-v2026.1.13+json+hal`. */
  readonly vendor: string;
  /** Defaults to the route table; tests pass their own. */
  readonly routeTable?: readonly RouteDefinition[];
}

export const OPENAPI_TITLE = 'Network Collaboration Service API';
const PROBLEM_MEDIA_TYPE = 'application/problem+json';
const SECURITY_REQUIREMENTS = [{ bearerAuth: [] }, { accessTokenQuery: [] }] as const;

/** Keywords whose values are data, not schemas: never searched for `$id`. */
const DATA_KEYWORDS = new Set(['const', 'default', 'enum', 'examples', 'example']);

export function halMediaType(vendor: string, version = LATEST_VERSION): string {
  return `application/vnd.${vendor}.api-v${version}+json+hal`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Collects `$id`-bearing schemas into `components.schemas`, replacing them by `$ref`s. */
class SchemaRegistry {
  readonly schemas: Record<string, JsonSchema> = {};

  /** A JSON copy of a TypeBox schema (its Symbol keys dropped) with identified parts hoisted. */
  use(schema: TSchema): JsonSchema {
    return this.hoist(JSON.parse(JSON.stringify(schema)) as unknown) as JsonSchema;
  }

  private hoist(node: unknown): unknown {
    if (Array.isArray(node)) return node.map((item: unknown) => this.hoist(item));
    if (!isObject(node)) return node;
    const copy = Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, DATA_KEYWORDS.has(key) ? value : this.hoist(value)]),
    );
    if (typeof copy.$id !== 'string') return copy;
    const { $id, ...body } = copy;
    return { $ref: this.register($id, body) };
  }

  private register(id: string, body: JsonSchema): string {
    const name = id.replace(/[^A-Za-z0-9._-]/g, '_');
    const existing = this.schemas[name];
    if (existing && JSON.stringify(existing) !== JSON.stringify(body)) {
      throw new Error(`two different schemas share the $id "${id}"`);
    }
    this.schemas[name] = body;
    return `#/components/schemas/${name}`;
  }
}

function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]!);
}

function propertiesOf(schema: JsonSchema): [string, JsonSchema][] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.entries(properties).filter((entry): entry is [string, JsonSchema] => isObject(entry[1]));
}

function requiredOf(schema: JsonSchema): Set<string> {
  return new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
}

function parameter(
  name: string,
  location: 'path' | 'query',
  required: boolean,
  schema: JsonSchema,
): OpenApiParameter {
  const description = typeof schema.description === 'string' ? schema.description : undefined;
  return { name, in: location, required, ...(description ? { description } : {}), schema };
}

/** Every `{param}` of the path gets an entry, typed by `params` when it declares it. */
function pathParameters(route: RouteDefinition, registry: SchemaRegistry): OpenApiParameter[] {
  const declared = new Map(route.params ? propertiesOf(registry.use(route.params)) : []);
  return pathParameterNames(route.path).map((name) =>
    parameter(name, 'path', true, declared.get(name) ?? { type: 'string' }),
  );
}

/** Query `patternProperties` (e.g. `offset[rel]`) are not expressible as parameters and are left out. */
function queryParameters(route: RouteDefinition, registry: SchemaRegistry): OpenApiParameter[] {
  if (!route.query) return [];
  const query = registry.use(route.query);
  const required = requiredOf(query);
  return propertiesOf(query).map(([name, schema]) => parameter(name, 'query', required.has(name), schema));
}

/**
 * A body that differs between versions is documented as the variant of the latest version (the
 * document describes the latest media type, and a client of it must satisfy exactly that schema);
 * every variant, with its versions, is listed in the media type's `x-ncs-version-variants`.
 */
function requestBody(route: RouteDefinition, registry: SchemaRegistry): OpenApiOperation['requestBody'] {
  const body = route.body;
  if (!body) return undefined;
  const mediaType = route.bodyMediaType ?? 'application/json';
  if (!isVersionedSchema(body))
    return { required: true, content: { [mediaType]: { schema: registry.use(body) } } };
  const latest = body.variants.find((variant) => inVersionRange(LATEST_VERSION, variant.range));
  const variants = body.variants.map((variant) => ({
    versions: describeVersionRange(variant.range),
    schema: registry.use(variant.schema),
  }));
  return {
    required: true,
    description: `Body of API version ${LATEST_VERSION}; other versions: see x-ncs-version-variants.`,
    content: {
      [mediaType]: {
        schema: latest ? registry.use(latest.schema) : { not: {} },
        'x-ncs-version-variants': variants,
      },
    },
  };
}

function problemResponse(description: string, registry: SchemaRegistry): OpenApiResponse {
  return { description, content: { [PROBLEM_MEDIA_TYPE]: { schema: registry.use(ProblemResponse) } } };
}

const HTML_PAGE = { type: 'string', description: 'An HTML page (`text/html; charset=utf-8`)' };

function successResponse(route: RouteDefinition, vendor: string, registry: SchemaRegistry): OpenApiResponse {
  if (route.format === 'html') {
    return {
      description: `${route.summary}. Either the page, or a redirect (302 after GET, 303 after POST) to the client's registered \`redirect_uri\` with \`code\` or \`error\` and \`state\`.`,
      content: { 'text/html': { schema: HTML_PAGE } },
    };
  }
  // 204 No Content has no body, so no media type either (RFC 9110 §15.3.5).
  if (route.reply.status === 204) return { description: route.summary };
  const schema = registry.use(route.reply.schema);
  const mediaTypes =
    route.format === 'hal' ? [halMediaType(vendor), 'application/hal+json'] : ['application/json'];
  return {
    description: route.summary,
    content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema }])),
  };
}

function hasInput(route: RouteDefinition): boolean {
  return route.params !== undefined || route.query !== undefined || route.body !== undefined;
}

function responses(
  route: RouteDefinition,
  vendor: string,
  registry: SchemaRegistry,
): Record<string, OpenApiResponse> {
  const result: Record<string, OpenApiResponse> = {
    [String(route.reply.status)]: successResponse(route, vendor, registry),
  };
  for (const status of route.reply.alsoStatus ?? []) {
    const response = successResponse(route, vendor, registry);
    result[String(status)] = {
      ...response,
      description: `${response.description} (${status === 201 ? 'created' : 'it was already there'})`,
    };
  }
  const created = result['201'];
  if (created && route.format === 'hal')
    result['201'] = {
      ...created,
      description: `${created.description}. \`Location\`: the created resource.`,
    };
  if (route.format === 'html') {
    result['400'] = {
      description:
        'An HTML error page: unknown client, unregistered `redirect_uri`, expired form or malformed request (never a redirect).',
      content: { 'text/html': { schema: HTML_PAGE } },
    };
  } else if (route.format === 'oauth') {
    result['400'] = {
      description: 'The token request is invalid (RFC 6749 §5.2).',
      content: { 'application/json': { schema: registry.use(OAuthErrorResponse) } },
    };
    // Client authentication failure: an OAuth error object too (RFC 6749 §5.2, `invalid_client`).
    result['401'] = {
      description: 'Client authentication failed (`invalid_client`, RFC 6749 §5.2).',
      content: { 'application/json': { schema: registry.use(OAuthErrorResponse) } },
    };
  } else if (hasInput(route)) {
    result['400'] = problemResponse(
      'The request does not match the schema (`errors` lists the fields).',
      registry,
    );
  }
  if (route.scope !== 'public')
    result['401'] = problemResponse('A valid access token is required.', registry);
  if (route.permission)
    result['403'] = problemResponse(`Requires the permission \`${route.permission}\`.`, registry);
  if (route.scope === 'network') {
    result['404'] = problemResponse(
      'The network or resource does not exist, or the caller is not a member.',
      registry,
    );
  }
  if (route.format === 'hal' && route.body !== undefined)
    result['415'] = problemResponse('The body is not `application/json` (or a `+json` type).', registry);
  if (route.format === 'hal') {
    result['406'] = problemResponse(
      `The \`Accept\` header asks for an unsupported media type or API version (supported: ${describeSupportedVersions()}).`,
      registry,
    );
  }
  result['429'] = problemResponse(
    route.passwordSignIn
      ? "Too many requests: the stricter per-address limit of sign-in routes (or the caller's limit) is spent until `Retry-After` seconds have passed."
      : "Too many requests: the caller's limit (its account or app, else its address) is spent until `Retry-After` seconds have passed.",
    registry,
  );
  if (route.format === 'html') {
    result[route.method === 'GET' ? '302' : '303'] = {
      description:
        "A redirect to the client's registered `redirect_uri` with `code` or `error`, and `state`.",
    };
    // Refused by the HTTP parser before any page exists: problem+json, as on every route.
    result['431'] = problemResponse('The request line or headers are too large.', registry);
    result.default = { description: 'An HTML error page.', content: { 'text/html': { schema: HTML_PAGE } } };
    return withRateLimitHeaders(result);
  }
  result.default = problemResponse('An error, as RFC 9457 problem details.', registry);
  return withRateLimitHeaders(result);
}

/** Headers of the gateway's rate limits (absent only while its counters cannot be reached). */
const RATE_LIMIT_HEADERS: Readonly<Record<string, JsonSchema>> = {
  'x-ratelimit-limit': {
    description: 'Requests allowed in the current window for this caller (and route kind).',
    schema: { type: 'integer', minimum: 0 },
  },
  'x-ratelimit-remaining': {
    description: 'Requests left in the current window.',
    schema: { type: 'integer', minimum: 0 },
  },
  'x-ratelimit-reset': {
    description: 'Seconds until the current window ends and the budget is whole again.',
    schema: { type: 'integer', minimum: 0 },
  },
  'Retry-After': {
    description: 'Seconds to wait before the next request (429 only).',
    schema: { type: 'integer', minimum: 0 },
  },
};

function withRateLimitHeaders(result: Record<string, OpenApiResponse>): Record<string, OpenApiResponse> {
  const names = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];
  return Object.fromEntries(
    Object.entries(result).map(([status, response]) => {
      const headers = Object.fromEntries(
        [...names, ...(status === '429' ? ['Retry-After'] : [])].map((name) => [
          name,
          { $ref: `#/components/headers/${name}` },
        ]),
      );
      return [status, { ...response, headers }];
    }),
  );
}

/**
 * Where a route is documented. The gateway ignores a trailing slash, so a path without one whose
 * twin with one is also in the table (`PUT …/home` beside `GET …/home/`) is one resource: its
 * operations are documented under the twin, and `Allow` there lists them all.
 */
export function documentedPath(
  route: RouteDefinition,
  routeTable: readonly RouteDefinition[] = routes,
): string {
  if (route.path.endsWith('/')) return route.path;
  const twin = `${route.path}/`;
  return routeTable.some((other) => other.path === twin) ? twin : route.path;
}

function operationDescription(route: RouteDefinition, path: string): string | undefined {
  const notes = [
    path !== route.path ? `Also answered at \`${route.path}\` (the trailing slash is optional).` : undefined,
    route.scope === 'network' ? 'The caller must be a member of the network.' : undefined,
    route.permission ? `Requires the permission \`${route.permission}\`.` : undefined,
    route.versions ? `Exists in API versions: ${describeVersionRange(route.versions)}.` : undefined,
    route.embeddable?.length
      ? `Embeddable relations (\`embed=\`): ${route.embeddable.join(', ')}.`
      : undefined,
  ].filter((note): note is string => note !== undefined);
  return notes.length > 0 ? notes.join(' ') : undefined;
}

function operation(
  route: RouteDefinition,
  path: string,
  vendor: string,
  registry: SchemaRegistry,
): OpenApiOperation {
  const parameters = [...pathParameters(route, registry), ...queryParameters(route, registry)];
  const body = requestBody(route, registry);
  const description = operationDescription(route, path);
  return {
    operationId: route.id,
    summary: route.summary,
    ...(description ? { description } : {}),
    tags: [route.tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(route, vendor, registry),
    ...(route.scope === 'public' ? { security: [] } : {}),
  };
}

function infoDescription(vendor: string): string {
  return [
    'HAL/JSON hypermedia API of an enterprise social network.',
    `Select the API version with \`Accept: ${halMediaType(vendor, '<version>')}\`;`,
    `supported versions: ${describeSupportedVersions()}.`,
    'Without an `Accept` header, or with `*/*`, `application/json` or `application/hal+json`, the latest version is served.',
    'Errors are `application/problem+json` (RFC 9457).',
    'Every request counts against a rate limit: its account or app for a valid access token, else its client address; the token endpoint and the sign-in form have a stricter per-address limit.',
    'Exceeding it is `429` with `Retry-After`; every answer carries `x-ratelimit-limit`, `x-ratelimit-remaining` and `x-ratelimit-reset`.',
  ].join(' ');
}

export function buildOpenApiDocument(options: OpenApiOptions): OpenApiDocument {
  const routeTable = options.routeTable ?? routes;
  const registry = new SchemaRegistry();
  const paths: Record<string, Partial<Record<OpenApiMethod, OpenApiOperation>>> = {};
  for (const route of routeTable) {
    const method = route.method.toLowerCase() as OpenApiMethod;
    const path = documentedPath(route, routeTable);
    const pathItem = (paths[path] ??= {});
    if (pathItem[method]) throw new Error(`two routes for ${route.method} ${path}`);
    pathItem[method] = operation(route, path, options.vendor, registry);
  }
  return {
    openapi: '3.1.0',
    info: { title: OPENAPI_TITLE, version: LATEST_VERSION, description: infoDescription(options.vendor) },
    servers: [{ url: options.baseUrl }],
    tags: [...new Set(routeTable.map((route) => route.tag))].map((name) => ({ name })),
    security: SECURITY_REQUIREMENTS,
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'OAuth 2.0 access token.' },
        accessTokenQuery: {
          type: 'apiKey',
          in: 'query',
          name: 'access_token',
          description: 'OAuth 2.0 access token as a query parameter.',
        },
      },
      headers: RATE_LIMIT_HEADERS,
      schemas: registry.schemas,
    },
  };
}
