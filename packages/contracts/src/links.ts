/**
 * Every HAL link relation of the route table, by resource type: each area's relations together
 * (their expansion is in core/links.ts). The gateway expands them into `_links`.
 */
import { appsLinkRelations } from './apps/links.js';
import { expandHref, type Link, type LinkContext, type LinkRelations } from './core/links.js';
import { inVersionRange } from './core/versions.js';
import { directoryLinkRelations } from './directory/links.js';
import { groupsLinkRelations } from './groups/links.js';
import { kbLinkRelations } from './kb/links.js';
import { messagesLinkRelations } from './messages/links.js';
import { networkLinkRelations } from './network/links.js';
// Notifications: alerts (issue #13).
import { notificationsLinkRelations } from './notifications/links.js';
import { settingsLinkRelations } from './settings/links.js';
// Concern: tasks (issue #11).
import { tasksLinkRelations } from './tasks/links.js';
// Concern: polls (issue #11).
import { pollsLinkRelations } from './polls/links.js';
// Concern: chat and the AI assistant (issue #12).
import { chatLinkRelations } from './chat/links.js';
// Concern: journeys (issue #12).
import { journeysLinkRelations } from './journeys/links.js';
// Directory: account operations (issue #15).
import { accountLinkRelations } from './account/links.js';
// Concern: devices, push and white-label apps (issue #13).
import { pushLinkRelations } from './push/links.js';
// Directory: group operations and app permissions (issue #15).
import { groupOpsLinkRelations } from './groups/ops-links.js';
// Directory: network operations (issue #15).
import { networkAdminLinkRelations } from './network-admin/links.js';
// Files and folders (issue #16).
import { filesLinkRelations } from './files/links.js';
// Directory: group operations (issue #15): relations, users add/merge, widgets.
import { groupDirectoryLinkRelations } from './groups/directory-links.js';

export const linkRelations: LinkRelations = {
  ...directoryLinkRelations,
  ...networkLinkRelations,
  ...kbLinkRelations,
  ...groupsLinkRelations,
  ...settingsLinkRelations,
  ...appsLinkRelations,
  ...messagesLinkRelations,
  // Concern: tasks (issue #11).
  ...tasksLinkRelations,
  // Concern: polls (issue #11).
  ...pollsLinkRelations,
  // Notifications: alerts (issue #13).
  ...notificationsLinkRelations,
  // Concern: chat and the AI assistant (issue #12).
  ...chatLinkRelations,
  // Concern: journeys (issue #12).
  ...journeysLinkRelations,
  // Directory: account operations (issue #15).
  ...accountLinkRelations,
  // Concern: devices, push and white-label apps (issue #13).
  ...pushLinkRelations,
  // Directory: group operations and app permissions (issue #15).
  ...groupOpsLinkRelations,
  // Directory: network operations (issue #15).
  ...networkAdminLinkRelations,
  // Files and folders (issue #16).
  ...filesLinkRelations,
  // Directory: group operations (issue #15): relations, users add/merge, widgets.
  ...groupDirectoryLinkRelations,
};

const isSet = (value: unknown) => value !== undefined && value !== null && value !== false;

/** A field of the resource by its (possibly dotted) name. */
const fieldOf = (resource: Record<string, unknown>, name: string): unknown =>
  name
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined,
      resource,
    );

/** Whether a field named by `unless` (one name or several) holds a value. */
function leftOutByField(unless: string | readonly string[] | undefined, resource: Record<string, unknown>) {
  if (unless === undefined) return false;
  return (typeof unless === 'string' ? [unless] : unless).some((field) => isSet(fieldOf(resource, field)));
}

/** The `_links` of a resource, hrefs relative to the base URL, in the order of `linkRelations`. */
export function resolveLinks(resource: Record<string, unknown>, ctx: LinkContext): Record<string, Link> {
  const type = resource.type;
  const relations =
    typeof type === 'string' && Object.hasOwn(linkRelations, type) ? linkRelations[type]! : [];
  const links: Record<string, Link> = {};
  for (const relation of relations) {
    if (!inVersionRange(ctx.version, relation.versions)) continue;
    if (leftOutByField(relation.unless, resource)) continue;
    if (relation.when !== undefined && !isSet(fieldOf(resource, relation.when))) continue;
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
