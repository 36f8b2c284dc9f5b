import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './document.js';
import { sampleOf } from './examples.js';
import type { JsonSchema, OpenApiMediaType } from './types.js';

const doc = buildOpenApiDocument({ baseUrl: 'https://api.ncs.example', vendor: 'ncs' });

/** Every media type of a request body or response, with where it is. */
function mediaTypes(): [where: string, media: OpenApiMediaType][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) => [
      ...Object.entries(op.requestBody?.content ?? {}).map(
        ([type, media]) => [`${method} ${path} body ${type}`, media] as [string, OpenApiMediaType],
      ),
      ...Object.entries(op.responses).flatMap(([status, response]) =>
        Object.entries(response.content ?? {}).map(
          ([type, media]) => [`${method} ${path} ${status} ${type}`, media] as [string, OpenApiMediaType],
        ),
      ),
    ]),
  );
}

/** The gateway's validator settings (strict schemas, formats, `u` patterns), refs resolved in the document. */
function validatorOf(): (schema: JsonSchema) => ValidateFunction {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats.default(ajv);
  const absolute = (schema: unknown) =>
    JSON.stringify(schema).replaceAll('"#/components/schemas/', '"https://ncs.example/components#/$defs/');
  ajv.addSchema(
    JSON.parse(
      absolute({ $id: 'https://ncs.example/components', $defs: doc.components.schemas }),
    ) as JsonSchema,
  );
  const compiled = new Map<string, ValidateFunction>();
  return (schema) => {
    const source = absolute(schema);
    let validate = compiled.get(source);
    if (!validate) compiled.set(source, (validate = ajv.compile(JSON.parse(source) as JsonSchema)));
    return validate;
  };
}

describe('examples of the OpenAPI document', () => {
  it('gives every request body and response with content an example', () => {
    const missing = mediaTypes().filter(([, media]) => !('example' in media));
    expect(missing.map(([where]) => where)).toEqual([]);
  });

  it('gives only examples that are valid against their schema', () => {
    const validatorFor = validatorOf();
    const invalid = mediaTypes().flatMap(([where, media]) => {
      const validate = validatorFor(media.schema);
      return validate(media.example) ? [] : [`${where}: ${JSON.stringify(validate.errors?.slice(0, 2))}`];
    });
    expect(invalid).toEqual([]);
    // Compiling every schema of the table takes seconds on a loaded 2-core machine.
  }, 60_000);
});

describe('sampleOf', () => {
  const context = { components: { Id: { type: 'string', pattern: '^[0-9a-f]{24}$' } } };

  it('takes a value the schema names: examples, const, default, then the first enum value', () => {
    expect(sampleOf({ type: 'string', examples: ['x'], default: 'y' }, context)).toBe('x');
    expect(sampleOf({ const: 3 }, context)).toBe(3);
    expect(sampleOf({ type: 'integer', default: 5 }, context)).toBe(5);
    expect(sampleOf({ enum: ['a', 'b'] }, context)).toBe('a');
  });

  it('draws a string that fits its pattern, format and length, through $refs', () => {
    expect(sampleOf({ $ref: '#/components/schemas/Id' }, context)).toMatch(/^[0-9a-f]{24}$/);
    expect(sampleOf({ type: 'string', format: 'date-time' }, context)).toBe('2026-01-13T09:30:00.000+01:00');
    expect(sampleOf({ type: 'string', minLength: 10 }, context)).toHaveLength(10);
    expect(sampleOf({ type: 'string', pattern: '^never$' }, context)).toBeUndefined();
  });

  it('keeps objects minimal: required properties, more only as minProperties asks', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'integer', minimum: 2 }, b: { type: 'boolean' }, c: { type: 'null' } },
      required: ['a'],
    };
    expect(sampleOf(schema, context)).toEqual({ a: 2 });
    expect(sampleOf({ ...schema, required: [], minProperties: 1 }, context)).toEqual({ a: 2 });
  });

  it('takes the first non-null branch, reading what its properties are from the parent', () => {
    const schema = {
      type: 'object',
      properties: { id: { $ref: '#/components/schemas/Id' }, ref: { type: 'object' } },
      oneOf: [{ type: 'null' }, { properties: { id: {} }, required: ['id'] }],
    };
    expect(sampleOf(schema, context)).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/) });
  });

  it('gives arrays the fewest items allowed, at least one', () => {
    expect(sampleOf({ type: 'array', items: { type: 'integer' } }, context)).toEqual([1]);
    expect(sampleOf({ type: 'array', items: { type: 'integer' }, minItems: 2 }, context)).toEqual([1, 1]);
    expect(sampleOf({ type: 'array', items: { type: 'integer' }, maxItems: 0 }, context)).toEqual([]);
  });
});
