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
import { BoundedMemo } from './memo.js';
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
  /**
   * One link per item of this array field (HAL: a relation whose value is an array of links): the
   * href's placeholders other than `{networkEID}` and `{me}` are read from the item (a message's
   * `tag` per entry of `tags`). Left out when the array is empty or absent.
   */
  readonly each?: string;
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

/** A relation's value: one link, or (a relation with `each`) an array of links. */
export type LinkValue = Link | readonly Link[];

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** A piece of a compiled href template: literal text, or a placeholder to fill. */
type TemplatePart =
  | string
  | { readonly name: 'networkEID' | 'me'; readonly fromContext: true }
  | { readonly path: readonly string[]; readonly fromContext: false };

/**
 * Each template cut once into its text and placeholders (a reply expands dozens of
 * links, and a regular expression run with a closure per link was a tenth of the gateway's garbage).
 * The templates are the contracts' own; the bound only guards against a caller's unknown ones.
 */
const compiledTemplates = new BoundedMemo<string, readonly TemplatePart[]>(10_000);

function compileTemplate(template: string): readonly TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    if (match.index > last) parts.push(template.slice(last, match.index));
    const name = match[1]!;
    parts.push(
      name === 'networkEID' || name === 'me'
        ? { name, fromContext: true }
        : { path: Object.freeze(name.split('.')), fromContext: false },
    );
    last = match.index + match[0].length;
  }
  if (last < template.length) parts.push(template.slice(last));
  return Object.freeze(parts);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldAt(resource: Record<string, unknown>, path: readonly string[]): unknown {
  let current: unknown = resource;
  for (const key of path) {
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
 * `{networkEID}` is the request's network. `{me}` is the caller's profile in the request's network:
 * it must not leak into the links of a resource of another network (e.g. the networks listed by
 * `/whoami/`).
 */
function contextValue(
  name: 'networkEID' | 'me',
  resource: Record<string, unknown>,
  ctx: LinkContext,
): string | undefined {
  if (name === 'networkEID') return ctx.networkEID;
  if (ctx.networkEID === undefined) return undefined;
  const resourceNetwork = networkOf(resource);
  return resourceNetwork === undefined || resourceNetwork === ctx.networkEID ? ctx.profileEID : undefined;
}

function placeholderValue(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return encodeURIComponent(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Expands an href template after `prefix` (a base URL); `undefined` when a placeholder has no value. */
export function expandHref(
  template: string,
  resource: Record<string, unknown>,
  ctx: LinkContext,
  prefix = '',
): string | undefined {
  let href = prefix;
  const parts = compiledTemplates.get(template, compileTemplate);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (typeof part === 'string') {
      href += part;
      continue;
    }
    const value = placeholderValue(
      part.fromContext ? contextValue(part.name, resource, ctx) : fieldAt(resource, part.path),
    );
    if (value === undefined) return undefined;
    href += value;
  }
  return href;
}
