/**
 * JSON copies of TypeBox schemas for the OpenAPI document: schemas that carry a `$id` are moved to
 * `components.schemas` (named after their `$id`) and referenced with `$ref`.
 */
import type { TSchema } from '@sinclair/typebox';
import type { JsonSchema } from './types.js';

/** Keywords whose values are data, not schemas: never searched for `$id`. */
const DATA_KEYWORDS = new Set(['const', 'default', 'enum', 'examples', 'example']);

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Collects `$id`-bearing schemas into `components.schemas`, replacing them by `$ref`s. */
export class SchemaRegistry {
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

export function propertiesOf(schema: JsonSchema): [string, JsonSchema][] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.entries(properties).filter((entry): entry is [string, JsonSchema] => isObject(entry[1]));
}

export function requiredOf(schema: JsonSchema): Set<string> {
  return new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
}
