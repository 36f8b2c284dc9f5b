/**
 * Memberships: suspension and roles (the network's roles collection and role changes), with their
 * domain events `auth.membership.suspended|role_changed`. Rules where the spec is silent:
 * docs/decisions.md, "Directory: network settings and profiles".
 */
import { collectionOf } from '@ncs/service-kit';
import { createHash } from 'node:crypto';
import {
  DomainError,
  type PlainCollection,
  type PlainResource,
  type RequestContext,
  type StoredRole,
} from '@ncs/contracts';
import type { EventSink } from '../core/dependencies.js';
import type { DirectoryStore } from './dependencies.js';
import type { RouteBody } from '../core/requests.js';
import { actorOf, findAdminCaller, findMemberOrAppCaller, userRef } from '../core/callers.js';
import type { ProfileDoc } from '../core/models.js';
import {
  isAdminRole,
  permissionsForRole,
  reportedRole,
  reportedRoleNames,
  storedRolesFor,
} from '../core/permissions.js';
import { presentOne, findNetworkProfile } from './profiles.js';
import { revokeTokens } from '../core/token-revocation.js';
// Directory: two administrators demoting each other at once.
import { keepNetworkAdmin } from './last-admin.js';

// ---------------------------------------------------------------------------------------------
// Suspension

/**
 * `POST …/users/{profileEID}/suspend` (administrators). An active member becomes `suspended`;
 * suspending a suspended member changes nothing (200, no event). The caller cannot suspend
 * themselves (so an administrator always remains). Tokens: those bound to this network
 * (authorization-code flow) are revoked, and all of the person's tokens when no other active
 * membership remains; a token that still serves other networks loses this one when the gateway's
 * cached principal expires (≤ 5 s), while the directory refuses it at once (store check).
 */
export async function suspendProfile(
  models: DirectoryStore,
  events: EventSink,
  ctx: RequestContext,
  profileEID: string,
): Promise<PlainResource> {
  const caller = await findAdminCaller(models, ctx);
  const networkEID = String(caller.network._id);
  const target = await findNetworkProfile(models, networkEID, profileEID);
  if (profileEID === caller.profileEID) throw new DomainError('DIR_ERR_CANNOT_SUSPEND_SELF');
  if (target.userState === 'suspended') return presentOne(models, caller, ctx, target);
  const suspended = await models.Profile.findOneAndUpdate(
    { _id: profileEID, networkEID, userState: 'active' },
    { $set: { userState: 'suspended' } },
    { returnDocument: 'after' },
  ).lean<ProfileDoc>();
  if (!suspended) {
    // Lost a race with another suspension (fine), or the profile is not active (pending, deleted).
    const current = await findNetworkProfile(models, networkEID, profileEID);
    if (current.userState === 'suspended') return presentOne(models, caller, ctx, current);
    throw new DomainError(
      'DIR_ERR_NOT_SUSPENDABLE',
      `Only active members can be suspended; this one is ${current.userState}.`,
    );
  }
  const accountId = suspended.accountId;
  const elsewhere = await models.Profile.exists({
    accountId,
    userState: 'active',
    networkEID: { $ne: networkEID },
  });
  await revokeTokens(models, events, elsewhere ? { accountId, networkEID } : { accountId });
  await events.record('auth.membership.suspended', {
    networkEID,
    actor: actorOf(caller),
    audience: { kind: 'admins' },
    data: { user: userRef(profileEID), previousState: 'active', state: 'suspended' },
  });
  return presentOne(models, caller, ctx, suspended);
}

// ---------------------------------------------------------------------------------------------
// Roles

export const LIST_NETWORK_ROLES = 'list_network_roles';

/** A role's EID: stable, derived from its name (roles are fixed, not stored documents). */
export function roleEID(name: string): string {
  return createHash('sha256').update(`role:${name}`).digest('hex').slice(0, 24);
}

/** `GET /networks/{networkEID}/roles/`: members, or apps with `list_network_roles`. */
export async function listRoles(models: DirectoryStore, ctx: RequestContext): Promise<PlainCollection> {
  const caller = await findMemberOrAppCaller(models, ctx, LIST_NETWORK_ROLES);
  const networkEID = String(caller.network._id);
  const names = reportedRoleNames(ctx.version);
  const items = await Promise.all(
    names.map(async (name) => {
      const stored = storedRolesFor(name, ctx.version) ?? [];
      const numMembers = await models.Profile.countDocuments({
        networkEID,
        userState: 'active',
        role: { $in: stored },
      });
      return {
        type: 'role',
        EID: roleEID(name),
        name,
        administrator: isAdminRole(stored[0] ?? name),
        permissions: [...permissionsForRole(stored[0] ?? name)],
        numMembers,
      };
    }),
  );
  // Every role on one page, whatever the query's page.
  const page = { limit: Math.max(items.length, 1), offset: 0 };
  return collectionOf({ itemType: 'role', rel: 'roles' }, page, items.length, items);
}

/**
 * `PUT …/users/{profileEID}/role` (administrators). From 1.4.8 clients send `admin` or `member`;
 * `admin` keeps an administrator's stored variant. Demoting the last active administrator is 409.
 */
export async function changeRole(
  models: DirectoryStore,
  events: EventSink,
  ctx: RequestContext,
  profileEID: string,
  body: RouteBody<'profile.changeRole'>,
): Promise<PlainResource> {
  const caller = await findAdminCaller(models, ctx);
  const networkEID = String(caller.network._id);
  const target = await findNetworkProfile(models, networkEID, profileEID);
  const requested = body.role;
  const previous = target.role;
  const next: StoredRole = reportedRole(previous, ctx.version) === requested ? previous : requested;
  if (next === previous) return presentOne(models, caller, ctx, target);
  if (isAdminRole(previous) && !isAdminRole(next) && target.userState === 'active') {
    const others = await models.Profile.countDocuments({
      networkEID,
      userState: 'active',
      role: { $in: storedRolesFor('admin', '2026.1.13') ?? [] },
      _id: { $ne: profileEID },
    });
    if (others === 0) throw new DomainError('DIR_ERR_LAST_ADMIN');
  }
  const updated = await models.Profile.findOneAndUpdate(
    { _id: profileEID, networkEID },
    { $set: { role: next } },
    { returnDocument: 'after', runValidators: true },
  ).lean<ProfileDoc>();
  if (!updated) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
  // Directory: two administrators demoting each other at once.
  if (isAdminRole(previous) && !isAdminRole(next)) {
    await keepNetworkAdmin(models, networkEID, profileEID, previous, next);
  }
  await events.record('auth.membership.role_changed', {
    networkEID,
    actor: actorOf(caller),
    audience: { kind: 'network' },
    data: { user: userRef(profileEID), previousRole: previous, role: next },
  });
  return presentOne(models, caller, ctx, updated);
}
