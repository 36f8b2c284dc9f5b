/**
 * Profiles by XID (administrators, or apps with `get_profile_xid`): read, and edit with an optional
 * new password for the account.
 */
import { DomainError, type PlainResource, type RequestContext } from '@ncs/contracts';
import type { EventSink } from '../core/dependencies.js';
import type { DirectoryStore } from './dependencies.js';
import type { RouteBody } from '../core/requests.js';
import { hashSecret } from '../core/secrets.js';
import { findAdminOrAppCaller } from '../core/callers.js';
import type { AccountDoc, ProfileDoc } from '../core/models.js';
import { applyProfileEdit } from './profile-edits.js';
import { presentOne } from './profiles.js';
import { revokeTokens } from '../core/token-revocation.js';

export const GET_PROFILE_XID = 'get_profile_xid';

async function findByXid(models: DirectoryStore, networkEID: string, xid: string): Promise<ProfileDoc> {
  const profile = await models.Profile.findOne({
    xidKey: `${networkEID}/${xid}`,
    networkEID,
  }).lean<ProfileDoc>();
  if (!profile)
    throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND', `No profile of this network has the XID '${xid}'.`);
  return profile;
}

/** `GET /networks/{networkEID}/users/xid/{xid}/`: administrators, or apps with `get_profile_xid`. */
export async function getProfileByXid(models: DirectoryStore, ctx: RequestContext, xid: string) {
  const caller = await findAdminOrAppCaller(models, ctx, GET_PROFILE_XID);
  const profile = await findByXid(models, String(caller.network._id), xid);
  return presentOne(models, caller, ctx, profile);
}

/** The warning of a password set for an account that signs in with its e-mail address. */
export const EMAIL_ACCOUNT_PASSWORD_WARNING = {
  code: 'password_changed_for_email_account',
  message:
    'The password was changed for an account that signs in with its e-mail address: it applies in every network of that account, the person was not told, and every session of the account was ended.',
} as const;

/**
 * `PUT /networks/{networkEID}/users/xid/{xid}/`: profile fields as an administrator may change
 * them, and optionally a new password for the account. Every check runs before anything is
 * written. A new password ends every session of the account (its tokens are revoked and the
 * gateway drops them); for an account that signs in with an e-mail address the reply carries a
 * warning, for an emailless (username) account none.
 */
export async function updateProfileByXid(
  models: DirectoryStore,
  events: EventSink,
  ctx: RequestContext,
  xid: string,
  body: RouteBody<'profileXid.update'>,
): Promise<PlainResource> {
  const caller = await findAdminOrAppCaller(models, ctx, GET_PROFILE_XID);
  const target = await findByXid(models, String(caller.network._id), xid);
  const { password } = body;
  const account = await models.Account.findById(target.accountId, {
    email: 1,
    username: 1,
  }).lean<AccountDoc>();
  if (!account) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
  const passwordHash = typeof password === 'string' ? await hashSecret(password) : undefined;
  const updated = await applyProfileEdit(models, caller, target, body);
  const warnings: { code: string; message: string }[] = [];
  if (passwordHash) {
    await models.Account.updateOne({ _id: account._id }, { $set: { passwordHash } });
    await revokeTokens(models, events, { accountId: String(account._id) });
    if (account.email) warnings.push({ ...EMAIL_ACCOUNT_PASSWORD_WARNING });
  }
  const presented = await presentOne(models, caller, ctx, updated);
  return warnings.length > 0 ? { ...presented, warnings } : presented;
}
