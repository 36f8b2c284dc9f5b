/**
 * The responses of an operation of the OpenAPI document: the route's success answer, the problems
 * (RFC 9457) or OAuth/HTML errors it may answer instead, each with the rate-limit headers.
 */
import { ProblemResponse } from '../core/schemas.js';
import { describeSupportedVersions, LATEST_VERSION } from '../core/versions.js';
import type { RouteDefinition } from '../core/route-definition.js';
import { eventCatalogue } from '../domain-events/catalogue.js';
import { liveEventOf, liveEventTypes } from '../domain-events/live.js';
import { OAuthErrorResponse } from '../oauth/resources.js';
import type { SchemaRegistry } from './schema-registry.js';
import type { JsonSchema, OpenApiResponse } from './types.js';

const PROBLEM_MEDIA_TYPE = 'application/problem+json';

export function halMediaType(vendor: string, version = LATEST_VERSION): string {
  return `application/vnd.${vendor}.api-v${version}+json+hal`;
}

function problemResponse(description: string, registry: SchemaRegistry): OpenApiResponse {
  return { description, content: { [PROBLEM_MEDIA_TYPE]: { schema: registry.use(ProblemResponse) } } };
}

const HTML_PAGE = { type: 'string', description: 'An HTML page (`text/html; charset=utf-8`)' };

/** Each content event of the live stream: when it comes, and its data without what it leaves out. */
function liveEvents(registry: SchemaRegistry): Record<string, { description: string; data: JsonSchema }> {
  const events: Record<string, { description: string; data: JsonSchema }> = {};
  for (const type of liveEventTypes) {
    const live = liveEventOf(type)!;
    // The alert events keep their own form (`alert`, `counters`), described by the route's schema.
    if (live.event !== type) continue;
    const definition = eventCatalogue[type];
    const schema = registry.use(definition.data) as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    const data =
      live.omit.length === 0 || schema.properties === undefined
        ? schema
        : {
            ...schema,
            properties: Object.fromEntries(
              Object.entries(schema.properties).filter(([key]) => !live.omit.includes(key)),
            ),
            ...(schema.required === undefined
              ? {}
              : { required: schema.required.filter((key) => !live.omit.includes(key)) }),
          };
    events[type] = { description: definition.description, data: data };
  }
  return events;
}

function successResponse(route: RouteDefinition, vendor: string, registry: SchemaRegistry): OpenApiResponse {
  if (route.format === 'html') {
    return {
      description: `${route.summary}. Either the page, or a redirect (302 after GET, 303 after POST) to the client's registered \`redirect_uri\` with \`code\` or \`error\` and \`state\`.`,
      content: { 'text/html': { schema: HTML_PAGE } },
    };
  }
  if (route.format === 'csv') {
    return { description: route.summary, content: { 'text/csv': { schema: { type: 'string' } } } };
  }
  // Notifications: the live stream, with the schema of every event it carries.
  if (route.format === 'stream') {
    return {
      description: `${route.summary}. The content events are listed under \`x-live-events\` by SSE \`event\` name, each with the schema of the \`data\` it carries (docs/events.md, "The live stream").`,
      content: { 'text/event-stream': { schema: registry.use(route.reply.schema) } },
      'x-live-events': liveEvents(registry),
    };
  }
  // Files and folders: a download is the file's bytes, in its own media type.
  if (route.format === 'file') {
    return {
      description: route.summary,
      content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
    };
  }
  // Directory (branding): an image or a style sheet in the route's media type.
  if (route.format === 'asset') {
    return {
      description: route.summary,
      content: { [route.produces ?? 'text/plain']: { schema: { type: 'string' } } },
    };
  }
  // 204 No Content has no body, so no media type either (RFC 9110 §15.3.5).
  if (route.reply.status === 204) return { description: route.summary };
  const schema = registry.use(route.reply.schema);
  const mediaTypes =
    route.format === 'hal' || route.format === 'upload'
      ? // The gateway answers what `Accept` asks for (the version: `Api-Version` or `version=`).
        [halMediaType(vendor), 'application/hal+json', 'application/json']
      : ['application/json'];
  return {
    description: route.summary,
    content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema }])),
  };
}

function hasInput(route: RouteDefinition): boolean {
  return route.params !== undefined || route.query !== undefined || route.body !== undefined;
}

export function responses(
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
  // Files and folders: uploads and downloads.
  if (route.format === 'upload') {
    result['406'] = problemResponse(
      'The `Accept` header asks for an unsupported media type or API version.',
      registry,
    );
    result['413'] = problemResponse("The file is larger than its kind's limit (-376).", registry);
    result['415'] = problemResponse('The body is not `multipart/form-data`.', registry);
  }
  if (route.format === 'file') {
    result['206'] = {
      ...successResponse(route, vendor, registry),
      description: 'The asked `Range` of the bytes (`Content-Range`).',
    };
    result['304'] = { description: '`If-None-Match` names the current `ETag`: nothing changed.' };
    result['416'] = problemResponse('The `Range` lies outside the file (-388).', registry);
  }
  // Directory: branding.
  if (route.format === 'asset') {
    result['304'] = { description: '`If-None-Match` names the current `ETag`: nothing changed.' };
    result['404'] = problemResponse(
      'No such group type or profile, or the caller is not a member of the network.',
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
export const RATE_LIMIT_HEADERS: Readonly<Record<string, JsonSchema>> = {
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
