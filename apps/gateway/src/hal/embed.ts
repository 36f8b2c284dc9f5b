/**
 * `embed=` (spec: Conventions): the relations a request asks to embed, the `{type, EID}` references
 * they hold, one batch request per resource type to its owner (never one request per item), and the
 * fetched resources put under `_embedded` as HAL.
 */
import {
  embedLimits,
  embedSources,
  type ErrorDetail,
  type PlainResource,
  type RequestContext,
  type ResourceRef,
} from '@ncs/contracts';
import type { RpcClient } from '@ncs/service-kit';
import { isObject, toHal, type HalContext } from './links.js';

function isRef(value: unknown): value is ResourceRef {
  return (
    isObject(value) && typeof value.type === 'string' && typeof value.EID === 'string' && value.EID !== ''
  );
}

/** `embed=a,b.c` as a tree: `{ a: {}, b: { c: {} } }`. */
export interface EmbedTree {
  readonly [rel: string]: EmbedTree;
}

/** Bounds on what one request may ask to embed: each relation costs a batch request to its owner. */
export { embedLimits };

const RELATION_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** An `embed` value that cannot be honoured; the gateway answers 400 VALIDATION_FAILED with `detail`. */
export class InvalidEmbedError extends Error {
  readonly detail: ErrorDetail;

  constructor(message: string) {
    super(message);
    this.name = 'InvalidEmbedError';
    this.detail = { pointer: '/query/embed', message };
  }
}

function relationPath(path: string): string[] {
  const names = path.split('.').map((name) => name.trim());
  const invalid = names.find((name) => !RELATION_NAME.test(name));
  if (invalid !== undefined)
    throw new InvalidEmbedError(`"${path}" is not a relation path (invalid name "${invalid}")`);
  if (names.length > embedLimits.maxDepth) {
    throw new InvalidEmbedError(`"${path}" nests deeper than ${embedLimits.maxDepth} relations`);
  }
  return names;
}

function addPath(tree: Record<string, EmbedTree>, names: readonly string[]): void {
  let node = tree;
  for (const name of names) {
    // Own properties only: a relation named `constructor` must not find Object.prototype's.
    if (!Object.hasOwn(node, name)) node[name] = {};
    node = node[name] as Record<string, EmbedTree>;
  }
}

/**
 * Parses `embed`: comma-separated relation paths, names joined by `.`; blanks around names and
 * empty entries are ignored. Throws `InvalidEmbedError` on an invalid name or past `embedLimits`.
 */
export function parseEmbed(embed: string | undefined): EmbedTree {
  const tree: Record<string, EmbedTree> = {};
  const paths = (embed ?? '')
    .split(',')
    .map((path) => path.trim())
    .filter((path) => path !== '');
  if (paths.length > embedLimits.maxPaths) {
    throw new InvalidEmbedError(`at most ${embedLimits.maxPaths} relations may be embedded`);
  }
  for (const path of paths) addPath(tree, relationPath(path));
  return tree;
}

function refsIn(value: unknown): ResourceRef[] {
  if (Array.isArray(value)) return value.filter(isRef);
  return isRef(value) ? [value] : [];
}

/**
 * The `{type, EID}` references held by the fields named by `relations` (a single reference or an
 * array of them), grouped by type, so the gateway fetches each type in ONE batch from its owner.
 */
export function embedRefs(
  resources: readonly PlainResource[],
  relations: readonly string[],
): Map<string, Set<string>> {
  const byType = new Map<string, Set<string>>();
  for (const resource of resources) {
    for (const relation of relations) {
      if (!Object.hasOwn(resource, relation)) continue;
      for (const ref of refsIn(resource[relation])) {
        const eids = byType.get(ref.type) ?? new Set<string>();
        eids.add(ref.EID);
        byType.set(ref.type, eids);
      }
    }
  }
  return byType;
}

/** Fetched resources by type, then EID (what the batch requests for `embedRefs` returned). */
export type FetchedResources = ReadonlyMap<string, ReadonlyMap<string, PlainResource>>;

/**
 * The value to embed for `relation` of `resource`: the fetched resource for a single reference,
 * the fetched resources (in reference order, unknown ones left out) for an array, `undefined` when
 * there is nothing to embed.
 */
export function embeddedValueFor(
  resource: PlainResource,
  relation: string,
  fetched: FetchedResources,
): PlainResource | PlainResource[] | undefined {
  if (!Object.hasOwn(resource, relation)) return undefined;
  const value = resource[relation];
  const find = (ref: ResourceRef) => fetched.get(ref.type)?.get(ref.EID);
  if (Array.isArray(value)) {
    return refsIn(value)
      .map(find)
      .filter((found): found is PlainResource => found !== undefined);
  }
  return isRef(value) ? find(value) : undefined;
}

/** A copy of `resource` with `_embedded[rel] = value` (other embedded relations kept). */
export function attachEmbedded(
  resource: Record<string, unknown>,
  rel: string,
  value: unknown,
): Record<string, unknown> {
  const embedded = isObject(resource._embedded) ? resource._embedded : {};
  return { ...resource, _embedded: { ...embedded, [rel]: value } };
}

/**
 * Fetches what `embed=` asks for: the references of every resource of the reply, one batch request
 * per resource type to its owner (never one request per item).
 */
export async function fetchEmbedded(
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
      const found = await rpc.request(subject, { ctx, body: { EIDs: [...eids] } });
      return [type, new Map(found.map((resource) => [String(resource.EID), resource]))] as const;
    }),
  );
  return new Map(entries);
}

/** The HAL resource `hal` (of `plain`) with the fetched resources of `relations` embedded. */
export function withEmbedded(
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
