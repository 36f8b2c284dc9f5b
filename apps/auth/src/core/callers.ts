/**
 * Who calls: a member of the request's network, an administrator, or an app installed in it,
 * checked against the store (not only the gateway's cached principal). Core: every area starts
 * its checks here.
 */
import { DomainError, type RequestContext, isEid } from '@ncs/contracts';
import { findInstalledNetwork, isAppCaller } from './app-callers.js';
import type { CoreModels } from './models.js';
import type { NetworkDoc, ProfileDoc } from './models.js';
import { isAdminRole, MANAGE_NETWORK } from './permissions.js';

/** A user calling inside a network: the network and the caller's own (active) profile, from the store. */
export interface MemberCaller {
  readonly kind: 'member';
  readonly network: NetworkDoc;
  readonly profile: ProfileDoc;
  readonly profileEID: string;
  readonly admin: boolean;
}

/** An app (client-credentials token) installed in the network, with its application permissions. */
export interface AppCaller {
  readonly kind: 'app';
  readonly network: NetworkDoc;
  readonly appEID: string;
  readonly permissions: readonly string[];
}

export type DirectoryCaller = MemberCaller | AppCaller;

/**
 * The request's network and the caller's ACTIVE profile in it, read from the store: a member
 * suspended or demoted while the gateway still caches the token's principal is already refused
 * here. Not a member: 404 (never reveal existence).
 */
export async function findMemberCaller(models: CoreModels, ctx: RequestContext): Promise<MemberCaller> {
  const networkEID = ctx.networkEID;
  const profileEID = ctx.principal?.profileEID;
  if (!isEid(networkEID) || !isEid(profileEID)) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  const [network, profile] = await Promise.all([
    models.Network.findById(networkEID).lean<NetworkDoc>(),
    models.Profile.findOne({ _id: profileEID, networkEID, userState: 'active' }).lean<ProfileDoc>(),
  ]);
  if (!network || !profile) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  return { kind: 'member', network, profile, profileEID, admin: isAdminRole(profile.role) };
}

/** The network of the request, which the caller must be an active member of (else 404). */
export async function findCallerNetwork(models: CoreModels, ctx: RequestContext): Promise<NetworkDoc> {
  return (await findMemberCaller(models, ctx)).network;
}

/**
 * A network administrator. The permission is checked first (a member gets 403 and never learns
 * whether what they asked about exists), then the stored role (demoted within the cache window).
 */
export async function findAdminCaller(models: CoreModels, ctx: RequestContext): Promise<MemberCaller> {
  if (!ctx.principal?.profileEID || !ctx.principal.permissions.includes(MANAGE_NETWORK)) {
    throw new DomainError('AUTH_ERR_NOT_NETWORK_ADMIN');
  }
  const caller = await findMemberCaller(models, ctx);
  if (!caller.admin) throw new DomainError('AUTH_ERR_NOT_NETWORK_ADMIN');
  return caller;
}

/**
 * A network administrator, or an app installed in the network that holds `appPermission`
 * (e.g. `get_profile_xid`, `invite_users`). An app without it is 403.
 */
export async function findAdminOrAppCaller(
  models: CoreModels,
  ctx: RequestContext,
  appPermission: string,
): Promise<DirectoryCaller> {
  if (!isAppCaller(ctx)) return findAdminCaller(models, ctx);
  const permissions = ctx.principal?.permissions ?? [];
  if (!permissions.includes(appPermission)) {
    throw new DomainError(
      'DIR_ERR_APP_PERMISSION_REQUIRED',
      `The app needs the application permission ${appPermission} in this network.`,
    );
  }
  const network = await findInstalledNetwork(models, ctx);
  return { kind: 'app', network, appEID: ctx.principal?.appEID ?? '', permissions };
}

/** A member of the network, or an installed app holding `appPermission`. */
export async function findMemberOrAppCaller(
  models: CoreModels,
  ctx: RequestContext,
  appPermission: string,
): Promise<DirectoryCaller> {
  if (!isAppCaller(ctx)) return findMemberCaller(models, ctx);
  return findAdminOrAppCaller(models, ctx, appPermission);
}

/** A reference to a profile (`user`), as resources and events carry it. */
export const userRef = (profileEID: string) => ({ type: 'user' as const, EID: profileEID });

/** The `actor` of a domain event. */
export function actorOf(caller: DirectoryCaller): { type: string; EID: string } {
  return caller.kind === 'member'
    ? { type: 'user', EID: caller.profileEID }
    : { type: 'app', EID: caller.appEID };
}
