/**
 * Every HAL link relation of the route table, by resource type: each area's relations together
 * (their expansion is in core/links.ts). The gateway expands them into `_links`.
 */
import { appsLinkRelations } from './apps/links.js';
import { expandHref, type Link, type LinkContext, type LinkRelations, type LinkValue } from './core/links.js';
import { BoundedMemo } from './core/memo.js';
import { inVersionRange } from './core/versions.js';
import { directoryLinkRelations } from './directory/links.js';
import { groupsLinkRelations } from './groups/links.js';
import { kbLinkRelations } from './kb/links.js';
import { messagesLinkRelations } from './messages/links.js';
import { networkLinkRelations } from './network/links.js';
// Notifications: alerts.
import { notificationsLinkRelations } from './notifications/links.js';
import { settingsLinkRelations } from './settings/links.js';
// Tasks.
import { tasksLinkRelations } from './tasks/links.js';
// Polls.
import { pollsLinkRelations } from './polls/links.js';
// Chat and the AI assistant.
import { chatLinkRelations } from './chat/links.js';
// Journeys.
import { journeysLinkRelations } from './journeys/links.js';
// Directory: account operations.
import { accountLinkRelations } from './account/links.js';
// Devices, push and white-label apps.
import { pushLinkRelations } from './push/links.js';
// Directory: group operations and app permissions.
import { groupOpsLinkRelations } from './groups/ops-links.js';
// Directory: network operations.
import { networkAdminLinkRelations } from './network-admin/links.js';
// Files and folders.
import { filesLinkRelations } from './files/links.js';
// Directory (group operations): relations, users add/merge, widgets.
import { groupDirectoryLinkRelations } from './groups/directory-links.js';
import { webhooksLinkRelations } from './webhooks/links.js';
// Saved items.
import { savedLinkRelations } from './saved/links.js';

export const linkRelations: LinkRelations = {
  ...directoryLinkRelations,
  ...networkLinkRelations,
  ...kbLinkRelations,
  ...groupsLinkRelations,
  ...settingsLinkRelations,
  ...appsLinkRelations,
  ...messagesLinkRelations,
  // Tasks.
  ...tasksLinkRelations,
  // Polls.
  ...pollsLinkRelations,
  // Notifications: alerts.
  ...notificationsLinkRelations,
  // Chat and the AI assistant.
  ...chatLinkRelations,
  // Journeys.
  ...journeysLinkRelations,
  // Directory: account operations.
  ...accountLinkRelations,
  // Devices, push and white-label apps.
  ...pushLinkRelations,
  // Directory: group operations and app permissions.
  ...groupOpsLinkRelations,
  // Directory: network operations.
  ...networkAdminLinkRelations,
  // Files and folders.
  ...filesLinkRelations,
  // Directory (group operations): relations, users add/merge, widgets.
  ...groupDirectoryLinkRelations,
  ...webhooksLinkRelations,
  ...savedLinkRelations,
};

const isSet = (value: unknown) => value !== undefined && value !== null && value !== false;

/** A field of the resource by its name, already cut at its dots. */
function fieldOf(resource: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = resource;
  for (const key of path) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

/** A relation as `resolveLinks` reads it: its field names cut at their dots once. */
interface ApplicableRelation {
  readonly rel: string;
  readonly href: string;
  /** Left out when any of these fields holds a value. */
  readonly unless: readonly (readonly string[])[];
  /** Kept only when this field holds a value. */
  readonly when: readonly string[] | undefined;
  /** One link per item of this array field. */
  readonly each: readonly string[] | undefined;
}

const cut = (name: string): readonly string[] => Object.freeze(name.split('.'));

/**
 * The relations of a resource type that exist in a version, in the order of `linkRelations`, by
 * type and version (every reply asked each relation whether it exists in its version).
 */
const applicableRelations = new BoundedMemo<string, readonly ApplicableRelation[]>(1_000);

function relationsAt(type: string, version: string): readonly ApplicableRelation[] {
  return applicableRelations.get(`${type} ${version}`, () =>
    Object.freeze(
      (Object.hasOwn(linkRelations, type) ? linkRelations[type]! : [])
        .filter((relation) => inVersionRange(version, relation.versions))
        .map((relation) => ({
          rel: relation.rel,
          href: relation.href,
          unless: (relation.unless === undefined
            ? []
            : typeof relation.unless === 'string'
              ? [relation.unless]
              : relation.unless
          ).map(cut),
          when: relation.when === undefined ? undefined : cut(relation.when),
          each: relation.each === undefined ? undefined : cut(relation.each),
        })),
    ),
  );
}

/**
 * The `_links` of a resource in the order of `linkRelations`, hrefs relative to the base URL, or
 * absolute after `baseUrl`.
 */
export function resolveLinks(
  resource: Record<string, unknown>,
  ctx: LinkContext,
  baseUrl = '',
): Record<string, LinkValue> {
  const type = resource.type;
  const links: Record<string, LinkValue> = {};
  if (typeof type !== 'string') return links;
  const relations = relationsAt(type, ctx.version);
  // Indexed loops: the iterators of `for…of` showed as garbage of every reply here.
  for (let i = 0; i < relations.length; i++) {
    const relation = relations[i]!;
    if (relation.unless.some((path) => isSet(fieldOf(resource, path)))) continue;
    if (relation.when !== undefined && !isSet(fieldOf(resource, relation.when))) continue;
    if (relation.each !== undefined) {
      const each = eachLinks(relation.href, fieldOf(resource, relation.each), ctx, baseUrl);
      if (each.length > 0) links[relation.rel] = each;
      continue;
    }
    const href = expandHref(relation.href, resource, ctx, baseUrl);
    if (href !== undefined) links[relation.rel] = { href };
  }
  return links;
}

/** One link per object item of `items`, its placeholders read from the item; none without items. */
function eachLinks(href: string, items: unknown, ctx: LinkContext, baseUrl: string): Link[] {
  if (!Array.isArray(items)) return [];
  const links: Link[] = [];
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    if (typeof item !== 'object' || item === null) continue;
    const expanded = expandHref(href, item as Record<string, unknown>, ctx, baseUrl);
    if (expanded !== undefined) links.push({ href: expanded });
  }
  return links;
}

/**
 * Resource types represented by their relations alone: the aggregate is an "empty resource (no
 * properties)" since v1.0.18, so even `type` is dropped from its representation.
 */
export const bareResourceTypes: ReadonlySet<string> = new Set(['aggregate']);
