/**
 * HAL link relations per resource type, as data (spec: Conventions, Aggregate resource, Network
 * resource; ARCHITECTURE §8). The gateway expands them into `_links`; services never build links.
 *
 * `href` is a template relative to the base URL. Placeholders:
 * - `{EID}`, `{field.path}`: a string (or number) field of the resource itself, e.g. `{emblem.EID}`;
 * - `{networkEID}`: the network of the request;
 * - `{me}`: the caller's profile EID in the network of the request.
 * A link with a placeholder that has no value is left out (no `emblem` link without an emblem).
 */
import type { VersionRange } from './route-definition.js';

export interface LinkRelation {
  readonly rel: string;
  readonly href: string;
  /** Versions in which the relation exists; absent means all. */
  readonly versions?: VersionRange;
  /**
   * The relation is left out when this field of the resource holds a value other than `null`,
   * `false` or nothing (a locked message has no `comments`, a group message no network `timeline`).
   * Several fields: left out when any of them holds a value.
   */
  readonly unless?: string | readonly string[];
  /**
   * The opposite: the relation is kept only when this field holds a value (not `null`, `false` or
   * nothing). A dotted name reads a nested field (an ended poll's `reactivate`: `poll.ended`).
   */
  readonly when?: string;
}

/** The link relations of resource types, by type. */
export type LinkRelations = Readonly<Record<string, readonly LinkRelation[]>>;

/** Values the request supplies; the resource cannot shadow them. */
export interface LinkContext {
  readonly version: string;
  readonly networkEID?: string;
  /** The caller's profile EID in `networkEID`. */
  readonly profileEID?: string;
}

export interface Link {
  readonly href: string;
}

const PLACEHOLDER = /\{([^{}]*)\}/g;
const CONTEXT_PLACEHOLDERS = new Set(['networkEID', 'me']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldAt(resource: Record<string, unknown>, path: string): unknown {
  let current: unknown = resource;
  for (const key of path.split('.')) {
    if (!isObject(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/** The network a resource belongs to, when it says so. */
function networkOf(resource: Record<string, unknown>): string | undefined {
  if (resource.type === 'network' && typeof resource.EID === 'string') return resource.EID;
  const network = resource.network;
  return isObject(network) && typeof network.EID === 'string' ? network.EID : undefined;
}

/**
 * `{me}` is the caller's profile in the request's network: it must not leak into the links of a
 * resource of another network (e.g. the networks listed by `/whoami/`).
 */
function contextValues(
  resource: Record<string, unknown>,
  ctx: LinkContext,
): Record<string, string | undefined> {
  const resourceNetwork = networkOf(resource);
  const sameNetwork =
    ctx.networkEID !== undefined && (resourceNetwork === undefined || resourceNetwork === ctx.networkEID);
  return { networkEID: ctx.networkEID, me: sameNetwork ? ctx.profileEID : undefined };
}

function placeholderValue(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return encodeURIComponent(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Expands an href template; `undefined` when a placeholder has no value. */
export function expandHref(
  template: string,
  resource: Record<string, unknown>,
  ctx: LinkContext,
): string | undefined {
  const fromContext = contextValues(resource, ctx);
  let missing = false;
  const href = template.replace(PLACEHOLDER, (_match, name: string) => {
    const value = placeholderValue(
      CONTEXT_PLACEHOLDERS.has(name) ? fromContext[name] : fieldAt(resource, name),
    );
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? undefined : href;
}
