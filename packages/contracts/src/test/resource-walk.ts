/**
 * Every resource type of the contracts and of the route table's replies, with its schema: what the
 * tests that hold a rule for every resource (an EID, a `created`) walk. Test support only (not built).
 */
import * as contracts from '../index.js';
import { routes } from '../routes.js';

/** The parts of a JSON Schema the walks read. */
export interface Schema {
  readonly $id?: string;
  readonly type?: string;
  readonly format?: string;
  readonly properties?: Record<string, Schema>;
  readonly items?: Schema;
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly allOf?: readonly Schema[];
  readonly const?: unknown;
}

/** The resource schemas reachable from `value`: those with `$id: resource.<type>`, by type. */
function collectResources(value: unknown, found: Map<string, Schema>, seen = new Set<unknown>()): void {
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  const schema = value as Schema;
  if (typeof schema.$id === 'string' && schema.$id.startsWith('resource.')) {
    found.set(schema.$id.slice('resource.'.length), schema);
  }
  for (const child of Object.values(value)) collectResources(child, found, seen);
}

/** A route's reply, or each item of a collection reply, that states a `type` of its own. */
function typedReplies(schema: Schema): { readonly type: string; readonly schema: Schema }[] {
  const type = schema.properties?.type?.const;
  if (type === 'collection') {
    const embedded = schema.properties?._embedded?.properties ?? {};
    return Object.values(embedded).flatMap((list) => (list.items ? typedReplies(list.items) : []));
  }
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  return [...(typeof type === 'string' ? [{ type, schema }] : []), ...branches.flatMap(typedReplies)];
}

/** Every resource type of the contracts and of every route's reply (items of collections too). */
export function allResources(): Map<string, Schema> {
  const found = new Map<string, Schema>();
  collectResources(contracts, found);
  for (const route of routes) {
    collectResources(route.reply.schema, found);
    for (const { type, schema } of typedReplies(route.reply.schema)) {
      if (!found.has(type)) found.set(type, schema);
    }
  }
  return found;
}
