/**
 * The OpenAPI 3.1 document, derived from the route table (ARCHITECTURE §4): nothing here is
 * written twice. Schemas that carry a `$id` are moved to `components.schemas` (named after their
 * `$id`) and referenced with `$ref`; everything else is inlined.
 */
import { bodyRequiresNothing, isVersionedSchema, type RouteDefinition } from '../core/route-definition.js';
import {
  describeSupportedVersions,
  describeVersionRange,
  inVersionRange,
  LATEST_VERSION,
} from '../core/versions.js';
import { routes } from '../routes.js';
import { withExamples } from './examples.js';
import { requestRulesOf } from './request-rules.js';
import { TAG_DESCRIPTIONS } from './tags.js';
import { halMediaType, RATE_LIMIT_HEADERS, responses } from './responses.js';
import { propertiesOf, requiredOf, SchemaRegistry } from './schema-registry.js';
import type {
  JsonSchema,
  OpenApiDocument,
  OpenApiMethod,
  OpenApiOperation,
  OpenApiOptions,
  OpenApiParameter,
} from './types.js';

export { halMediaType } from './responses.js';

export const OPENAPI_TITLE = 'Network Collaboration Service API';
const SECURITY_REQUIREMENTS = [{ bearerAuth: [] }, { accessTokenQuery: [] }] as const;

function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]!);
}

function parameter(
  name: string,
  location: OpenApiParameter['in'],
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

/** Idempotent posting: the optional `Idempotency-Key` header of the routes that honour it. */
function headerParameters(route: RouteDefinition): OpenApiParameter[] {
  if (!route.idempotencyKey) return [];
  return [
    parameter('Idempotency-Key', 'header', false, {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      // Printable ASCII; no space at either end (HTTP trims header values).
      pattern: '^[\\x21-\\x7e]([\\x20-\\x7e]*[\\x21-\\x7e])?$',
      description:
        'Idempotent posting: the same key from the same caller within 24 hours answers the first answer without a second write; the same key with another body is 422.',
    }),
  ];
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
  // A JSON body that names no required field may be left out (the gateway reads none as `{}`).
  const required = !(route.format === 'hal' && bodyRequiresNothing(body));
  if (!isVersionedSchema(body)) return { required, content: { [mediaType]: { schema: registry.use(body) } } };
  const latest = body.variants.find((variant) => inVersionRange(LATEST_VERSION, variant.range));
  const variants = body.variants.map((variant) => ({
    versions: describeVersionRange(variant.range),
    schema: registry.use(variant.schema),
  }));
  return {
    required,
    description: `Body of API version ${LATEST_VERSION}; other versions: see x-ncs-version-variants.`,
    content: {
      [mediaType]: {
        schema: latest ? registry.use(latest.schema) : { not: {} },
        'x-ncs-version-variants': variants,
      },
    },
  };
}

/**
 * Where a route is documented: its path without a trailing slash (the linters' rule, and the one
 * rule of the whole document). The gateway ignores a trailing slash, so both spellings are served;
 * a path and its twin with a slash (`PUT …/home` beside `GET …/home/`) are one resource, and
 * `Allow` there lists all their methods.
 */
export function documentedPath(route: RouteDefinition): string {
  return route.path.length > 1 ? route.path.replace(/\/+$/, '') : route.path;
}

function operationDescription(route: RouteDefinition): string | undefined {
  const notes = [
    route.scope === 'network' ? 'The caller must be a member of the network.' : undefined,
    route.scope === 'account' ? 'Needs a valid access token.' : undefined,
    route.scope === 'public' ? 'Needs no access token.' : undefined,
    route.permission ? `Requires the permission \`${route.permission}\`.` : undefined,
    route.versions ? `Exists in API versions: ${describeVersionRange(route.versions)}.` : undefined,
    route.embeddable?.length
      ? `Embeddable relations (\`embed=\`): ${route.embeddable.join(', ')}.`
      : undefined,
    ...requestRulesOf(route.id),
  ].filter((note): note is string => note !== undefined);
  return notes.length > 0 ? notes.join(' ') : undefined;
}

function operation(route: RouteDefinition, vendor: string, registry: SchemaRegistry): OpenApiOperation {
  const parameters = [
    ...pathParameters(route, registry),
    ...queryParameters(route, registry),
    ...headerParameters(route),
  ];
  const body = requestBody(route, registry);
  const description = operationDescription(route);
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
    'Paths are documented without a trailing slash; every path is also answered with one (`/networks/{networkEID}/groups` and `/networks/{networkEID}/groups/` are the same resource).',
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
    const path = documentedPath(route);
    const pathItem = (paths[path] ??= {});
    if (pathItem[method]) throw new Error(`two routes for ${route.method} ${path}`);
    pathItem[method] = operation(route, options.vendor, registry);
  }
  // Examples are drawn once every schema is registered, so that `$ref`s resolve.
  const context = { components: registry.schemas };
  for (const item of Object.values(paths))
    for (const [method, op] of Object.entries(item) as [OpenApiMethod, OpenApiOperation][])
      item[method] = withExamples(op, context);
  return {
    openapi: '3.1.0',
    info: { title: OPENAPI_TITLE, version: LATEST_VERSION, description: infoDescription(options.vendor) },
    servers: [{ url: options.baseUrl }],
    tags: [...new Set(routeTable.map((route) => route.tag))].map((name) => ({
      name,
      ...(TAG_DESCRIPTIONS[name] ? { description: TAG_DESCRIPTIONS[name] } : {}),
    })),
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
