/**
 * Every timestamp an answer carries is written the spec's way, ISO 8601 with a numeric offset and a
 * colon (`…+00:00`), never `…Z`. Schema side: every `date-time` string of every route's reply (every
 * service, every success status) is the shared `Timestamp`, whose pattern holds the offset, so the
 * OpenAPI document and the response checks that read it (schemathesis) enforce the form too.
 * Requests may send any RFC 3339 offset (`RequestTimestamp`).
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { routes } from '../routes.js';
import { serviceNames } from './envelope.js';
import { isVersionedSchema, type RouteDefinition, type VersionedSchema } from './route-definition.js';
import {
  halCollection,
  halResource,
  Nullable,
  RequestTimestamp,
  Timestamp,
  TIMESTAMP_PATTERN,
  toTimestamp,
} from './schemas.js';

interface DateTimeSite {
  readonly where: string;
  readonly schema: Record<string, unknown>;
}

const isDateTimeString = (schema: Record<string, unknown>) =>
  schema.format === 'date-time' &&
  (schema.type === undefined ||
    schema.type === 'string' ||
    (Array.isArray(schema.type) && schema.type.includes('string')));

/**
 * Every `date-time` string schema reachable from `node`: through properties, items, unions,
 * intersections, `not`, `$ref`s (resolved by `$id`) and a versioned schema's variants.
 */
function dateTimeSites(
  node: unknown,
  where: string,
  byId: ReadonlyMap<string, unknown>,
  out: DateTimeSite[] = [],
  onPath: Set<unknown> = new Set(),
): DateTimeSite[] {
  if (typeof node !== 'object' || node === null || onPath.has(node)) return out;
  onPath.add(node);
  const schema = node as Record<string, unknown>;
  const walk = (child: unknown, at: string) => dateTimeSites(child, at, byId, out, onPath);
  if (isVersionedSchema(schema as TSchema | VersionedSchema)) {
    (schema as unknown as VersionedSchema).variants.forEach((v, i) =>
      walk(v.schema, `${where}[variant ${i}]`),
    );
  }
  if (isDateTimeString(schema)) out.push({ where, schema });
  if (typeof schema.$ref === 'string')
    walk(byId.get(schema.$ref.replace(/^#\/components\/schemas\//, '')), where);
  for (const keyword of ['properties', 'patternProperties', 'definitions', '$defs'] as const) {
    const children = schema[keyword];
    if (typeof children === 'object' && children !== null)
      for (const [name, child] of Object.entries(children)) walk(child, `${where}/${name}`);
  }
  for (const keyword of [
    'additionalProperties',
    'items',
    'additionalItems',
    'contains',
    'not',
    'then',
    'else',
    'if',
  ])
    if (Array.isArray(schema[keyword]))
      (schema[keyword] as unknown[]).forEach((c, i) => walk(c, `${where}/${i}`));
    else walk(schema[keyword], `${where}/*`);
  for (const keyword of ['anyOf', 'oneOf', 'allOf', 'prefixItems'])
    if (Array.isArray(schema[keyword])) for (const child of schema[keyword] as unknown[]) walk(child, where);
  onPath.delete(node);
  return out;
}

/** Schemas named by `$id` anywhere under `node`, for `$ref`s to find. */
function schemasById(node: unknown, found = new Map<string, unknown>(), seen = new Set<unknown>()) {
  if (typeof node !== 'object' || node === null || seen.has(node)) return found;
  seen.add(node);
  const id = (node as { $id?: unknown }).$id;
  if (typeof id === 'string') found.set(id, node);
  for (const child of Object.values(node)) schemasById(child, found, seen);
  return found;
}

/** The answers a route may give, one per success status (`alsoStatus` answers with the same body). */
function replies(route: RouteDefinition): { readonly where: string; readonly schema: unknown }[] {
  return [route.reply.status, ...(route.reply.alsoStatus ?? [])].map((status) => ({
    where: `${route.service} ${route.id} ${status}`,
    schema: route.reply.schema,
  }));
}

/** What is wrong with a `date-time` string of an answer, if anything. */
function offence(site: DateTimeSite): string | null {
  return site.schema.pattern === TIMESTAMP_PATTERN
    ? null
    : `${site.where}: a date-time that is not Timestamp`;
}

function offendersOf(
  routes: readonly RouteDefinition[],
  named: readonly unknown[] = [],
): { sites: DateTimeSite[]; offenders: string[] } {
  const byId = schemasById([...named, ...routes.map((route) => route.reply.schema)]);
  const sites = routes.flatMap(replies).flatMap(({ where, schema }) => dateTimeSites(schema, where, byId));
  return { sites, offenders: sites.flatMap((site) => offence(site) ?? []) };
}

describe('timestamps in every answer of every service', () => {
  // Every route of the table, network-less forms included, by the service that answers it.
  const perService = new Map(
    serviceNames.map((service) => [service, offendersOf(routes.filter((r) => r.service === service))]),
  );

  it.each(serviceNames)('%s: every date-time of every reply is Timestamp (+hh:mm, never Z)', (service) => {
    const { sites, offenders } = perService.get(service)!;
    // The walk sees timestamps in each service's answers, so it cannot pass on nothing.
    expect(sites.length).toBeGreaterThan(0);
    expect(offenders).toEqual([]);
  });

  it('no service answers a date-time that is not Timestamp', () => {
    expect([...perService.values()].flatMap((found) => found.offenders)).toEqual([]);
  });

  it('the walk finds a bare date-time wherever it hides: nested, in arrays, unions, intersections, refs, variants', () => {
    const bare = () => Type.String({ format: 'date-time' });
    const named = Type.Object({ at: bare() }, { $id: 'resource.stamped' });
    const reply = Type.Intersect([
      halResource(
        'thing',
        {
          EID: Type.String(),
          created: Timestamp,
          nested: Type.Object({ deep: Type.Array(Type.Object({ when: bare() })) }),
          maybe: Nullable(bare()),
          either: Type.Union([Type.Object({ since: bare() }), Type.Null()]),
          ref: Type.Unsafe({ $ref: 'resource.stamped' }),
        },
        'a thing',
      ),
      Type.Object({ extra: bare() }),
    ]);
    const route = {
      id: 'thing.get',
      service: 'auth',
      reply: { status: 200, alsoStatus: [201], schema: reply },
    } as unknown as RouteDefinition;
    const page = {
      id: 'thing.list',
      service: 'auth',
      reply: { status: 200, schema: halCollection('things', Type.Object({ at: bare() }), 'things') },
    } as unknown as RouteDefinition;
    const byId = schemasById(named);
    const versioned: VersionedSchema = { variants: [{ range: {}, schema: Type.Object({ old: bare() }) }] };
    expect(dateTimeSites(versioned, 'v', byId).map(offence)).toEqual([
      'v[variant 0]/old: a date-time that is not Timestamp',
    ]);
    const found = offendersOf([route, page], [named]).offenders;
    expect(found.length).toBe(2 * 5 + 1);
    for (const where of ['/nested/deep/*/when', '/maybe', '/either/since', '/ref/at', '/extra'])
      expect(found).toContain(`auth thing.get 201${where}: a date-time that is not Timestamp`);
    expect(found).toContain('auth thing.list 200/_embedded/things/*/at: a date-time that is not Timestamp');
    expect(
      offendersOf([{ ...route, reply: { status: 200, schema: Nullable(Timestamp) } }]).offenders,
    ).toEqual([]);
  });
});

describe('Timestamp, toTimestamp and RequestTimestamp', () => {
  const ajv = new Ajv({ strict: true });
  addFormats.default(ajv);
  const isTimestamp = ajv.compile(Timestamp);
  const isRequestTimestamp = ajv.compile(RequestTimestamp);

  it('toTimestamp writes UTC with +00:00, which Timestamp accepts', () => {
    expect(toTimestamp(new Date(Date.UTC(2026, 0, 13, 9, 30)))).toBe('2026-01-13T09:30:00.000+00:00');
    expect(isTimestamp(toTimestamp(new Date()))).toBe(true);
  });

  it('Timestamp refuses Z and a colon-less offset; a request may send either form of RFC 3339', () => {
    for (const answer of [
      '2026-01-13T09:30:00.000+00:00',
      '2026-01-13T10:30:00+01:00',
      '2026-01-13T04:00:00-05:30',
    ])
      expect(isTimestamp(answer), answer).toBe(true);
    for (const wrong of [
      '2026-01-13T09:30:00.000Z',
      '2026-01-13T09:30:00z',
      '2026-01-13T09:30:00+0000',
      '2026-01-13',
    ])
      expect(isTimestamp(wrong), wrong).toBe(false);
    expect(isRequestTimestamp('2026-01-13T09:30:00.000Z')).toBe(true);
    expect(isRequestTimestamp('2026-01-13T09:30:00+00:00')).toBe(true);
  });
});
