/**
 * Notifications → auth (`rpc.auth.network.admins`): the active network administrators of
 * `ctx.networkEID`, for the alert `orphaned_group` (docs/decisions.md, "Notifications: alerts").
 * Bounded: a network has few administrators; the first `NETWORK_ADMINS_MAX` by EID are answered.
 */
import { adminRoleVariants, DomainError, type NetworkAdminsReply, type RequestContext } from '@ncs/contracts';
import type { NetworkAdminStore } from './dependencies.js';

const NETWORK_ADMINS_MAX = 500;

export async function networkAdmins(
  models: NetworkAdminStore,
  ctx: RequestContext,
): Promise<NetworkAdminsReply> {
  if (!ctx.networkEID) throw new DomainError('BAD_REQUEST', 'The request names no network.');
  const admins = await models.Profile.find(
    { networkEID: ctx.networkEID, userState: 'active', role: { $in: [...adminRoleVariants] } },
    { _id: 1 },
  )
    .sort({ _id: 1 })
    .limit(NETWORK_ADMINS_MAX)
    .lean();
  return { profileEIDs: admins.map((admin) => String(admin._id)) };
}
