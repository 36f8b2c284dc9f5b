/**
 * Who may READ groups: a member of the network (groupCallerOf), or an app installed in it that holds
 * the application permission of the read (`list_groups`, `get_user_groups`,
 * `list_group_members`). An app belongs to no group: it reads what an onlooker reads (groups that
 * are not hidden, their active members), never invitations; writes stay user-only (403 -162).
 * Decisions: docs/decisions.md, "Directory: group operations and app permissions".
 */
import { DomainError, isEid, type RequestContext } from '@ncs/contracts';
import { isAppCaller } from '../core/app-callers.js';
import type { GroupsStore } from './dependencies.js';
import { type GroupCaller, groupCallerOf } from './callers.js';

export const LIST_GROUPS = 'list_groups';
export const GET_USER_GROUPS = 'get_user_groups';
export const LIST_GROUP_MEMBERS = 'list_group_members';

/** A group caller that is an app: no profile (`profileEID` matches no membership). */
export interface AppGroupCaller extends GroupCaller {
  readonly appEID: string;
}

export const isAppGroupCaller = (caller: GroupCaller): caller is AppGroupCaller =>
  'appEID' in caller && typeof caller.appEID === 'string';

/**
 * The caller of a group read. An app needs one of `appPermissions` (else 403 -162 naming them). Its
 * installation and permissions come with the request: the gateway scoped the app's token to the
 * network (`scopeToNetwork`: a network the app is not installed in is already 404) and put the
 * installation's permissions in `ctx.principal.permissions`, as for `send_alerts` and
 * `post_to_any_group`; no store read per request.
 */
export async function groupReaderOf(
  models: GroupsStore,
  ctx: RequestContext,
  appPermissions: readonly string[],
): Promise<GroupCaller> {
  if (!isAppCaller(ctx)) return groupCallerOf(models, ctx);
  const networkEID = ctx.networkEID;
  const appEID = ctx.principal?.appEID ?? '';
  if (!isEid(networkEID)) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  const granted = ctx.principal?.permissions ?? [];
  if (!appPermissions.some((name) => granted.includes(name))) {
    throw new DomainError(
      'GROUP_ERR_USER_CALLER_REQUIRED',
      `This needs a user of the network, or an app with the application permission ${appPermissions.join(' or ')}.`,
    );
  }
  const caller: AppGroupCaller = { networkEID, profileEID: '', networkAdmin: false, external: false, appEID };
  return caller;
}
