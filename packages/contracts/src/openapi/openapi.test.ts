import { Type } from '@sinclair/typebox';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { PaginationQuery, queryValidationOptions, subResourcePagination } from '../core/pagination.js';
import type { RouteDefinition } from '../core/route-definition.js';
import { Eid } from '../core/schemas.js';
import { routes } from '../routes.js';
import { buildOpenApiDocument, documentedPath } from './document.js';
import type { JsonSchema, OpenApiDocument, OpenApiOperation } from './types.js';

const vendor = 'ncs';
const doc = buildOpenApiDocument({ baseUrl: 'https://api.ncs.example', vendor });

function operations(document: OpenApiDocument): [path: string, method: string, op: OpenApiOperation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => [path, method, op] as [string, string, OpenApiOperation]),
  );
}

function operationOf(route: RouteDefinition, document: OpenApiDocument = doc): OpenApiOperation {
  const op = document.paths[documentedPath(route)]?.[route.method.toLowerCase() as 'get'];
  if (!op) throw new Error(`no operation for ${route.id}`);
  return op;
}

/** Replaces `#/components/schemas/x` references by the component, so ajv compiles each part alone. */
function inlineRefs(node: unknown, components: Readonly<Record<string, JsonSchema>>, depth = 0): unknown {
  if (depth > 20) throw new Error('reference cycle');
  if (Array.isArray(node)) return node.map((item: unknown) => inlineRefs(item, components, depth));
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.entries(node as Record<string, unknown>);
  const ref = (node as Record<string, unknown>).$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    const target = components[name];
    if (!target) throw new Error(`dangling $ref ${ref}`);
    const siblings = Object.fromEntries(entries.filter(([key]) => key !== '$ref'));
    return { ...(inlineRefs(target, components, depth + 1) as object), ...siblings };
  }
  return Object.fromEntries(entries.map(([key, value]) => [key, inlineRefs(value, components, depth)]));
}

function schemasOf(op: OpenApiOperation): [where: string, schema: JsonSchema][] {
  return [
    ...(op.parameters ?? []).map((p) => [`parameter ${p.name}`, p.schema] as [string, JsonSchema]),
    ...Object.entries(op.requestBody?.content ?? {}).map(
      ([type, media]) => [`body ${type}`, media.schema] as [string, JsonSchema],
    ),
    ...Object.entries(op.responses).flatMap(([status, response]) =>
      Object.entries(response.content ?? {}).map(
        ([type, media]) => [`${status} ${type}`, media.schema] as [string, JsonSchema],
      ),
    ),
  ];
}

function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats.default(ajv);
  return ajv;
}

describe('buildOpenApiDocument', () => {
  it('is an OpenAPI 3.1 document with info, servers and security schemes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: 'Network Collaboration Service API', version: '2026.1.13' });
    expect(doc.info.description).toContain('1.0.2–1.6.8, 2023.0.1–2026.1.13');
    expect(doc.servers).toEqual([{ url: 'https://api.ncs.example' }]);
    expect(doc.components.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      accessTokenQuery: { type: 'apiKey', in: 'query', name: 'access_token' },
    });
    expect(doc.security).toEqual([{ bearerAuth: [] }, { accessTokenQuery: [] }]);
  });

  it('is plain JSON: no Symbol keys, no undefined, no $id left inline', () => {
    const json = JSON.stringify(doc);
    expect(JSON.parse(json)).toEqual(doc);
    expect(json).not.toContain('"$id"');
  });

  it.each(routes.map((r) => [r.id, r] as const))(
    'documents %s with its method and operationId',
    (_id, route) => {
      const op = operationOf(route);
      expect(op.operationId).toBe(route.id);
      expect(op.summary).toBe(route.summary);
      expect(op.tags).toEqual([route.tag]);
    },
  );

  it('has one operation per route and unique operationIds', () => {
    const ops = operations(doc);
    expect(ops).toHaveLength(routes.length);
    expect(new Set(ops.map(([, , op]) => op.operationId)).size).toBe(routes.length);
    expect(doc.tags.map((t) => t.name).sort()).toEqual([...new Set(routes.map((r) => r.tag))].sort());
  });

  it('has a required path parameter for every {param}, and no path parameter that is not in the path', () => {
    for (const [path, , op] of operations(doc)) {
      const placeholders = [...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]).sort();
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
      expect(pathParams.map((p) => p.name).sort()).toEqual(placeholders);
      expect(pathParams.every((p) => p.required)).toBe(true);
    }
  });

  it('declares every path placeholder in the route params schema', () => {
    for (const route of routes) {
      const placeholders = [...route.path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!);
      for (const name of placeholders) expect(Object.keys(route.params?.properties ?? {})).toContain(name);
    }
  });

  it('compiles every component schema with ajv (JSON Schema 2020-12, strict)', () => {
    const ajv = newAjv();
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      expect(() => ajv.compile(inlineRefs(schema, doc.components.schemas) as JsonSchema), name).not.toThrow();
    }
    // Seconds on a loaded 2-core machine, as below: every timestamp's pattern is compiled too.
  }, 60_000);

  it('compiles every parameter, request body and response schema with ajv, all $refs resolving', () => {
    const ajv = newAjv();
    // The media types of one response share its schema: each distinct schema is compiled once.
    const compiled = new Set<string>();
    for (const [path, method, op] of operations(doc)) {
      for (const [where, schema] of schemasOf(op)) {
        const key = JSON.stringify(schema);
        if (compiled.has(key)) continue;
        compiled.add(key);
        expect(
          () => ajv.compile(inlineRefs(schema, doc.components.schemas) as JsonSchema),
          `${method} ${path} ${where}`,
        ).not.toThrow();
      }
    }
    // Compiling every schema of the table takes seconds on a loaded 2-core machine.
  }, 60_000);

  it('answers HAL routes in the vendor media type, application/hal+json and application/json, with 401, 406 and default problems', () => {
    const op = operationOf(routes.find((r) => r.id === 'network.get')!);
    expect(Object.keys(op.responses['200']?.content ?? {})).toEqual([
      'application/vnd.ncs.api-v2026.1.13+json+hal',
      'application/hal+json',
      'application/json',
    ]);
    expect(op.responses['200']?.content?.['application/hal+json']?.schema).toEqual({
      $ref: '#/components/schemas/resource.network',
    });
    for (const status of ['400', '401', '404', '406', 'default']) {
      expect(op.responses[status]?.content?.['application/problem+json']?.schema, status).toEqual({
        $ref: '#/components/schemas/problem',
      });
    }
    expect(op.security).toBeUndefined();
  });

  it('documents 415 on HAL routes that take a body, and Location on their 201', () => {
    for (const route of routes.filter((r) => r.format === 'hal')) {
      const op = operationOf(route);
      expect(op.responses['415'] !== undefined, route.id).toBe(route.body !== undefined);
      if (op.responses['201']) expect(op.responses['201'].description, route.id).toContain('`Location`');
    }
    expect(operationOf(routes.find((r) => r.id === 'oauth.token')!).responses['415']).toBeUndefined();
  });

  it('documents the OAuth token route as public JSON with the RFC 6749 error', () => {
    const op = operationOf(routes.find((r) => r.id === 'oauth.token')!);
    expect(op.security).toEqual([]);
    expect(Object.keys(op.requestBody?.content ?? {})).toEqual(['application/x-www-form-urlencoded']);
    expect(op.responses['200']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/oauth.token',
    });
    expect(op.responses['400']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/oauth.error',
    });
    // No access token is needed, but client authentication can fail: 401 `invalid_client`, as an
    // OAuth error object, never problem+json.
    expect(Object.keys(op.responses['401']?.content ?? {})).toEqual(['application/json']);
    expect(op.responses['406']).toBeUndefined();
    expect(op.responses.default?.content?.['application/problem+json']).toBeDefined();
  });

  it("documents a versioned body as the latest version's variant, listing every variant with its versions", () => {
    const route: RouteDefinition = {
      id: 'page.create',
      method: 'POST',
      path: '/networks/{networkEID}/pages/',
      service: 'kb',
      subject: 'rpc.kb.page.create',
      summary: 'Create a page',
      tag: 'Knowledge base',
      scope: 'network',
      permission: 'MANAGE_KNOWLEDGE_BASE',
      params: Type.Object({ networkEID: Eid }),
      query: Type.Object({ draft: Type.Optional(Type.Boolean()), lang: Type.String() }),
      body: {
        variants: [
          { range: { since: '2026.1.0' }, schema: Type.Object({ title: Type.String() }) },
          {
            range: { until: '2026.1.0' },
            schema: Type.Object({ title: Type.Optional(Type.Union([Type.String(), Type.Null()])) }),
          },
        ],
      },
      format: 'hal',
      reply: { status: 201, schema: Type.Object({ type: Type.Literal('page') }) },
      versions: { since: '1.2.0' },
      embeddable: ['author'],
    };
    const custom = buildOpenApiDocument({ baseUrl: 'http://x', vendor: 'acme', routeTable: [route] });
    const op = operationOf(route, custom);
    const media = op.requestBody?.content['application/json'];
    const body = media?.schema;
    // The latest variant is the schema itself: `title` is a required, non-null string.
    expect(body).toMatchObject({
      type: 'object',
      required: ['title'],
      properties: { title: { type: 'string' } },
    });
    expect(media?.['x-ncs-version-variants']).toEqual([
      { versions: '2026.1.0 and later', schema: expect.objectContaining({ required: ['title'] }) },
      { versions: 'before 2026.1.0', schema: expect.objectContaining({ type: 'object' }) },
    ]);
    expect(op.parameters?.filter((p) => p.in === 'query')).toEqual([
      { name: 'draft', in: 'query', required: false, schema: { type: 'boolean' } },
      { name: 'lang', in: 'query', required: true, schema: { type: 'string' } },
    ]);
    expect(Object.keys(op.responses)).toEqual([
      '201',
      '400',
      '401',
      '403',
      '404',
      '406',
      '415',
      '429',
      'default',
    ]);
    expect(Object.keys(op.responses['201']?.content ?? {})).toContain(
      'application/vnd.acme.api-v2026.1.13+json+hal',
    );
    expect(op.description).toContain('1.2.0 and later');
    expect(op.description).toContain('author');
    const ajv = newAjv();
    for (const [, schema] of schemasOf(op))
      expect(() => ajv.compile(inlineRefs(schema, custom.components.schemas) as JsonSchema)).not.toThrow();
  });

  it('refuses two routes with the same method and path', () => {
    const route = routes[0]!;
    expect(() =>
      buildOpenApiDocument({
        baseUrl: 'http://x',
        vendor,
        routeTable: [route, { ...route, id: 'copy.get' }],
      }),
    ).toThrow(/two routes/);
  });

  it('refuses two different schemas with the same $id', () => {
    const route = routes.find((r) => r.id === 'network.get')!;
    const impostor = {
      ...route,
      id: 'impostor.get',
      path: '/impostor/',
      reply: { status: 200, schema: Type.Object({}, { $id: 'resource.network' }) },
    };
    expect(() =>
      buildOpenApiDocument({ baseUrl: 'http://x', vendor, routeTable: [route, impostor] }),
    ).toThrow(/\$id/);
  });
});

describe('PaginationQuery, compiled as the gateway compiles query schemas', () => {
  const ajv = new Ajv2020({ ...queryValidationOptions, allErrors: true });
  const validate = ajv.compile(
    Type.Object({ ...PaginationQuery.properties, ...subResourcePagination('recipients') }),
  );

  it('coerces query strings to integers and fills the defaults', () => {
    const query: Record<string, unknown> = { limit: '5', 'offset[recipients]': '10' };
    expect(validate(query)).toBe(true);
    expect(query).toEqual({ limit: 5, offset: 0, 'offset[recipients]': 10 });
    const empty: Record<string, unknown> = {};
    expect(validate(empty)).toBe(true);
    expect(empty).toEqual({ limit: 20, offset: 0 });
  });

  it('accepts a limit above the bound (clamped later, not rejected)', () => {
    expect(validate({ limit: '1000' })).toBe(true);
  });

  it.each([
    { limit: '0' },
    { limit: '1.5' },
    { limit: 'abc' },
    { offset: '-1' },
    { offset: '' },
    { 'limit[recipients]': '0' },
  ])('rejects %j', (query) => {
    expect(validate({ ...query })).toBe(false);
  });
});

describe('rate limits', () => {
  it('documents 429 problem+json with Retry-After, and the x-ratelimit-* headers on every response of every operation', () => {
    for (const [path, method, op] of operations(doc)) {
      const limited = op.responses['429'];
      expect(limited?.content?.['application/problem+json']?.schema, `${method} ${path}`).toEqual({
        $ref: '#/components/schemas/problem',
      });
      expect(Object.keys(limited?.headers ?? {})).toContain('Retry-After');
      for (const [status, response] of Object.entries(op.responses)) {
        expect(Object.keys(response.headers ?? {}), `${method} ${path} ${status}`).toEqual(
          expect.arrayContaining(['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']),
        );
      }
    }
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'Retry-After'])
      expect(doc.components.headers[name]).toMatchObject({ schema: { type: 'integer' } });
  });
});

describe('trailing slashes', () => {
  it('documents every path without a trailing slash, and says once that both spellings are served', () => {
    expect(Object.keys(doc.paths).filter((path) => path !== '/' && path.endsWith('/'))).toEqual([]);
    expect(doc.info.description).toContain('also answered with one');
  });

  it('documents a path and its twin with a slash as one resource', () => {
    const put = routes.find((r) => r.id === 'home.update')!;
    expect(put.path.endsWith('/')).toBe(false);
    expect(routes.some((r) => r.path === `${put.path}/`)).toBe(true);
    expect(Object.keys(doc.paths[put.path]!).sort()).toEqual(['get', 'put']);
  });
});

describe('alternative success statuses', () => {
  it('documents 200 beside 201 for idempotent creates, with the same body', () => {
    const assign = routes.find((r) => r.id === 'categoryManager.assign')!;
    const op = doc.paths[documentedPath(assign)]!.post!;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '201']));
    expect(op.responses['200']!.content).toEqual(op.responses['201']!.content);
  });
});

describe('the live stream', () => {
  it('describes each content event it carries, with the data it sends', () => {
    const stream = doc.paths['/networks/{networkEID}/stream']?.get?.responses['200'];
    const events = stream?.['x-live-events'] ?? {};
    expect(Object.keys(events)).toEqual(
      expect.arrayContaining([
        'messaging.message.created',
        'messaging.chat_message.sent',
        'auth.membership.added',
      ]),
    );
    // The alert events keep the form the route's own schema describes.
    expect(events['notifications.alert.delivered']).toBeUndefined();
    const created = events['messaging.message.created']?.data as { properties: Record<string, unknown> };
    expect(Object.keys(created.properties)).toContain('message');
    // What the stream leaves out is not described as sent.
    const edited = events['messaging.message.edited']?.data as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(edited.properties)).not.toContain('previousHtmlBody');
    expect(edited.required).not.toContain('previousHtmlBody');
  });
});
