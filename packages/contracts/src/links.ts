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
import { appsLinkRelations } from './resources-apps.js';
import { directoryLinkRelations } from './resources-directory.js';
import { groupsLinkRelations } from './resources-groups.js';
import { settingsLinkRelations } from './resources-settings.js';
import { inVersionRange } from './versions.js';

export interface LinkRelation {
  readonly rel: string;
  readonly href: string;
  /** Versions in which the relation exists; absent means all. */
  readonly versions?: VersionRange;
}

/** The spec lists these network relations as "later" without a version; we date them to the calendar scheme. */
const LATER_NETWORK_LINKS: VersionRange = { since: '2023.0.1' };

export const linkRelations: Readonly<Record<string, readonly LinkRelation[]>> = {
  network: [
    { rel: 'self', href: '/networks/{EID}/' },
    { rel: 'emblem', href: '/networks/{EID}/files/{emblem.EID}/' },
    { rel: 'userProfile', href: '/networks/{EID}/users/{me}/' },
    { rel: 'favicon', href: '/networks/{EID}/files/{favicon.EID}/', versions: LATER_NETWORK_LINKS },
    { rel: 'hostInfo', href: '/networks/{EID}/host-info/', versions: LATER_NETWORK_LINKS },
    { rel: 'whitelabelApps', href: '/networks/{EID}/whitelabel-apps/', versions: LATER_NETWORK_LINKS },
  ],
  aggregate: [
    { rel: 'self', href: '/networks/{networkEID}/aggregate/' },
    { rel: 'newFeatures', href: '/networks/{networkEID}/users/{me}/new-features/' },
    { rel: 'whoami', href: '/whoami/' },
    { rel: 'networkProfile', href: '/networks/{networkEID}/users/{me}/' },
    { rel: 'settings', href: '/networks/{networkEID}/users/{me}/settings/' },
    { rel: 'networkTimeline', href: '/networks/{networkEID}/timeline/' },
    { rel: 'unreadConversations', href: '/networks/{networkEID}/conversations/?unread=true' },
    { rel: 'myGroups', href: '/networks/{networkEID}/groups/?user={me}' },
    { rel: 'groupInvites', href: '/networks/{networkEID}/groups/?invitee={me}' },
    { rel: 'administeredGroups', href: '/networks/{networkEID}/groups/?admin={me}' },
    { rel: 'groupTypes', href: '/networks/{networkEID}/group-types/' },
    { rel: 'apps', href: '/networks/{networkEID}/apps/' },
    { rel: 'widgets', href: '/networks/{networkEID}/widgets/' },
  ],
  user: [
    { rel: 'self', href: '/networks/{network.EID}/users/{EID}/' },
    { rel: 'network', href: '/networks/{network.EID}/' },
  ],
  whoami: [{ rel: 'self', href: '/whoami/' }],
  kb_home: [
    { rel: 'self', href: '/networks/{networkEID}/knowledge-base/home/' },
    { rel: 'title', href: '/networks/{networkEID}/knowledge-base/home/title' },
    { rel: 'categories', href: '/networks/{networkEID}/knowledge-base/categories/' },
  ],
  kb_category: [
    { rel: 'self', href: '/networks/{networkEID}/knowledge-base/categories/{EID}/' },
    { rel: 'parent', href: '/networks/{networkEID}/knowledge-base/categories/{parent.EID}/' },
    { rel: 'pages', href: '/networks/{networkEID}/knowledge-base/categories/{EID}/pages/' },
    { rel: 'managers', href: '/networks/{networkEID}/knowledge-base/categories/{EID}/managers/' },
    { rel: 'highlight', href: '/networks/{networkEID}/knowledge-base/categories/{EID}/highlight' },
    { rel: 'unhighlight', href: '/networks/{networkEID}/knowledge-base/categories/{EID}/unhighlight' },
  ],
  kb_category_managers: [
    { rel: 'self', href: '/networks/{networkEID}/knowledge-base/categories/{category.EID}/managers/' },
    { rel: 'category', href: '/networks/{networkEID}/knowledge-base/categories/{category.EID}/' },
  ],
  kb_page: [
    { rel: 'self', href: '/networks/{networkEID}/knowledge-base/pages/{EID}/' },
    { rel: 'category', href: '/networks/{networkEID}/knowledge-base/categories/{category.EID}/' },
    { rel: 'author', href: '/networks/{networkEID}/users/{author.EID}/' },
  ],
  ...directoryLinkRelations,
  ...groupsLinkRelations,
  ...settingsLinkRelations,
  ...appsLinkRelations,
};

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

/** The `_links` of a resource, hrefs relative to the base URL, in the order of `linkRelations`. */
export function resolveLinks(resource: Record<string, unknown>, ctx: LinkContext): Record<string, Link> {
  const type = resource.type;
  const relations =
    typeof type === 'string' && Object.hasOwn(linkRelations, type) ? linkRelations[type]! : [];
  const links: Record<string, Link> = {};
  for (const relation of relations) {
    if (!inVersionRange(ctx.version, relation.versions)) continue;
    const href = expandHref(relation.href, resource, ctx);
    if (href !== undefined) links[relation.rel] = { href };
  }
  return links;
}

/**
 * Resource types represented by their relations alone: the aggregate is an "empty resource (no
 * properties)" since v1.0.18, so even `type` is dropped from its representation.
 */
export const bareResourceTypes: ReadonlySet<string> = new Set(['aggregate']);
