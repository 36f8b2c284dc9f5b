/**
 * Examples of the OpenAPI document, drawn from the schemas themselves so that none is written
 * twice or goes stale: a schema's own `examples`, `const`, `default` or first `enum` value; else a
 * minimal instance (required properties only, the fewest array items allowed) whose strings fit
 * their `format`, length and `pattern`. A unit test validates every example against its schema.
 */
import { isObject } from './schema-registry.js';
import type { JsonSchema, OpenApiMediaType, OpenApiOperation } from './types.js';

const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  'date-time': '2026-01-13T09:30:00.000+01:00',
  date: '2026-01-13',
  time: '09:30:00+01:00',
  email: 'ann.example@example.com',
  uri: 'https://example.com/',
  'uri-reference': '/example',
  url: 'https://example.com/',
  uuid: '3f2b8c1e-4d5a-4b6c-9e7f-0a1b2c3d4e5f',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'ZXhhbXBsZQ==',
  binary: '',
};

/**
 * Values tried, in order, against a string's `pattern` (and `format`, length): one that fits each
 * pattern of the route table. Unusual ones are named by what they fit.
 */
const PATTERN_CANDIDATES: readonly string[] = [
  'Example',
  'example',
  '5f0c9a7e2b1d4c3a9e8f7a6b', // an EID
  '2026-01-13T09:30:00.000+01:00', // a timestamp with its offset
  '3f2b8c1e-4d5a-4b6c-9e7f-0a1b2c3d4e5f',
  '#336699',
  '+4930123456',
  'en',
  'en-US',
  '1.0.0',
  '2026.1.13',
  'https://example.com/',
  '/images/example.png',
  'ann.example@example.com',
  'example-network',
  'image/png',
  '640x480',
  'example-key-0001',
  'a',
  '0',
];

export interface SampleContext {
  /** `components.schemas`, for `$ref`s. */
  readonly components: Readonly<Record<string, JsonSchema>>;
}

const MAX_DEPTH = 12;

function fitsString(value: string, schema: JsonSchema): boolean {
  const length = [...value].length;
  if (typeof schema.minLength === 'number' && length < schema.minLength) return false;
  if (typeof schema.maxLength === 'number' && length > schema.maxLength) return false;
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) return false;
  return true;
}

function sampleString(schema: JsonSchema): string | undefined {
  const format = typeof schema.format === 'string' ? FORMAT_SAMPLES[schema.format] : undefined;
  if (format !== undefined) return fitsString(format, schema) ? format : undefined;
  if (typeof schema.pattern === 'string')
    return PATTERN_CANDIDATES.find((candidate) => fitsString(candidate, schema));
  // Free text: a word, padded or cut to the lengths allowed.
  const padded = 'example'.padEnd(typeof schema.minLength === 'number' ? schema.minLength : 0, 'x');
  return padded.slice(0, typeof schema.maxLength === 'number' ? schema.maxLength : undefined);
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : integer ? 1 : 0.5;
  let value: number;
  if (typeof schema.minimum === 'number') value = schema.minimum;
  else if (typeof schema.exclusiveMinimum === 'number') value = schema.exclusiveMinimum + step;
  else if (typeof schema.maximum === 'number') value = Math.min(schema.maximum, 1);
  else if (typeof schema.exclusiveMaximum === 'number') value = Math.min(schema.exclusiveMaximum - step, 1);
  else value = 1;
  if (integer) value = Math.ceil(value);
  return Math.ceil(value / step) * step;
}

function typeOf(schema: JsonSchema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return (schema.type as string[]).find((type) => type !== 'null');
  if (isObject(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

/** A minimal instance of `schema`, or undefined where none could be drawn. */
export function sampleOf(schema: unknown, context: SampleContext, depth = 0): unknown {
  if (!isObject(schema) || depth > MAX_DEPTH) return undefined;
  if (typeof schema.$ref === 'string') {
    const target = context.components[schema.$ref.replace('#/components/schemas/', '')];
    return sampleOf({ ...target, ...without(schema, '$ref') }, context, depth + 1);
  }
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const branches: unknown = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(branches)) {
    // The first branch that is not `null` and yields a value (a `null` branch is the last resort).
    const ordered = [...(branches as unknown[])].sort((a, b) => Number(isNull(a)) - Number(isNull(b)));
    for (const branch of ordered) {
      const value = sampleOf(
        withBranch(without(schema, 'anyOf', 'oneOf'), branch as JsonSchema),
        context,
        depth + 1,
      );
      if (value !== undefined) return value;
    }
    return undefined;
  }
  if (Array.isArray(schema.allOf)) {
    const merged = (schema.allOf as JsonSchema[]).reduce<JsonSchema>(
      (all, part) => mergeObjects(all, resolve(part, context)),
      without(schema, 'allOf'),
    );
    return sampleOf(merged, context, depth + 1);
  }
  switch (typeOf(schema)) {
    case 'string':
      return sampleString(schema);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return sampleArray(schema, context, depth);
    case 'object':
      return sampleObject(schema, context, depth);
    default:
      return undefined;
  }
}

function sampleArray(schema: JsonSchema, context: SampleContext, depth: number): unknown[] | undefined {
  const least = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const most = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  const count = Math.min(Math.max(least, 1), most);
  if (Array.isArray(schema.prefixItems)) {
    const items = (schema.prefixItems as unknown[]).map((item) => sampleOf(item, context, depth + 1));
    return items.includes(undefined) ? undefined : items;
  }
  if (count === 0) return [];
  const item = sampleOf(schema.items, context, depth + 1);
  if (item === undefined) return least === 0 ? [] : undefined;
  // Distinct items where they must be: one is always distinct.
  if (schema.uniqueItems === true && count > 1) return least <= 1 ? [item] : undefined;
  return Array.from({ length: count }, () => item);
}

function sampleObject(
  schema: JsonSchema,
  context: SampleContext,
  depth: number,
): Record<string, unknown> | undefined {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const result: Record<string, unknown> = {};
  for (const name of required) {
    const property = properties[name];
    const value = property === undefined ? 'example' : sampleOf(property, context, depth + 1);
    if (value === undefined) return undefined;
    result[name] = value;
  }
  // `minProperties` beyond the required ones (a patch that must change something): optional
  // properties in order, as many as it asks.
  const least = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  for (const [name, property] of Object.entries(properties)) {
    if (Object.keys(result).length >= least) break;
    if (name in result) continue;
    const value = sampleOf(property, context, depth + 1);
    if (value !== undefined) result[name] = value;
  }
  return Object.keys(result).length >= least ? result : undefined;
}

/**
 * A schema and one of its `anyOf`/`oneOf` branches as one: a branch often only names what it
 * requires (`{ properties: { a: {} }, required: ['a'] }`), the parent says what `a` is.
 */
function withBranch(parent: JsonSchema, branch: JsonSchema): JsonSchema {
  if (!isObject(parent.properties) || !isObject(branch.properties)) return { ...parent, ...branch };
  const properties: Record<string, unknown> = { ...parent.properties };
  for (const [name, property] of Object.entries(branch.properties))
    if (!isObject(property) || Object.keys(property).length > 0 || !(name in properties))
      properties[name] = property;
  return { ...parent, ...branch, properties };
}

function isNull(schema: unknown): boolean {
  return isObject(schema) && schema.type === 'null';
}

function without(schema: JsonSchema, ...keys: string[]): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !keys.includes(key)));
}

function resolve(schema: JsonSchema, context: SampleContext): JsonSchema {
  if (typeof schema.$ref !== 'string') return schema;
  return {
    ...context.components[schema.$ref.replace('#/components/schemas/', '')],
    ...without(schema, '$ref'),
  };
}

/** The parts of `allOf` as one object schema: properties and `required` united. */
function mergeObjects(into: JsonSchema, part: JsonSchema): JsonSchema {
  const properties = {
    ...(isObject(into.properties) ? into.properties : {}),
    ...(isObject(part.properties) ? part.properties : {}),
  };
  const required = [
    ...new Set([
      ...(Array.isArray(into.required) ? (into.required as string[]) : []),
      ...(Array.isArray(part.required) ? (part.required as string[]) : []),
    ]),
  ];
  return { ...part, ...into, properties, required };
}

type Content = Readonly<Record<string, OpenApiMediaType>> | undefined;

function withContentExamples(content: Content, context: SampleContext): Content {
  if (!content) return content;
  return Object.fromEntries(
    Object.entries(content).map(([type, media]) => {
      const example = sampleOf(media.schema, context);
      return [type, example === undefined ? media : { ...media, example }];
    }),
  );
}

/** The operation with an example beside every schema of its request body and responses. */
export function withExamples(operation: OpenApiOperation, context: SampleContext): OpenApiOperation {
  const responses = Object.fromEntries(
    Object.entries(operation.responses).map(([status, response]) => [
      status,
      response.content ? { ...response, content: withContentExamples(response.content, context) } : response,
    ]),
  );
  const body = operation.requestBody;
  return {
    ...operation,
    ...(body ? { requestBody: { ...body, content: withContentExamples(body.content, context)! } } : {}),
    responses,
  };
}
