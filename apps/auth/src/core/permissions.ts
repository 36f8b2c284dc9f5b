/**
 * Network roles and the user permissions they grant. Three network-administrator variants are
 * stored (`admin`, `network_manager`, `community_manager`), all with the same permissions; clients
 * of 1.4.8 and later see each of them as `admin` (spec: Permissions; gate `roles.adminCollapsed`),
 * older clients see the variant as stored.
 */
import { adminRoleVariants, isGateOpen, storedRoleNames, type StoredRole } from '@ncs/contracts';

/** The permission every administrator variant has: what directory handlers check for admin actions. */
export const MANAGE_NETWORK = 'MANAGE_NETWORK';

const memberPermissions = ['VIEW_TASK'] as const;
const adminPermissions = [...memberPermissions, 'MANAGE_KNOWLEDGE_BASE', MANAGE_NETWORK] as const;

export function isAdminRole(role: string): boolean {
  return (adminRoleVariants as readonly string[]).includes(role);
}

export function permissionsForRole(role: string): readonly string[] {
  return isAdminRole(role) ? adminPermissions : memberPermissions;
}

/**
 * The role other services see in a token's principal: always collapsed, so a check for `admin`
 * holds for every administrator variant whatever the client's version.
 */
export function principalRole(role: string): string {
  return isAdminRole(role) ? 'admin' : role;
}

/** The role as a client of `version` reads it. */
export function reportedRole(role: string, version: string): string {
  return isGateOpen('roles.adminCollapsed', version) ? principalRole(role) : role;
}

/** The role names a client of `version` can see, administrators first. */
export function reportedRoleNames(version: string): readonly string[] {
  return [...new Set(storedRoleNames.map((role) => reportedRole(role, version)))];
}

/**
 * The stored roles a reported role name stands for at `version` (`admin` from 1.4.8: every
 * variant); `undefined` when no role of that version has the name (e.g. `network_manager` at 2026.1.13).
 */
export function storedRolesFor(reported: string, version: string): StoredRole[] | undefined {
  const matching = storedRoleNames.filter((role) => reportedRole(role, version) === reported);
  return matching.length > 0 ? matching : undefined;
}
