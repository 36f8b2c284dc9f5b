/**
 * `sync-user`: an organisation's directory sync creates or updates a profile by
 * its XID. Apps installed in the network with `get_profile_xid`, or network administrators; an app
 * without the permission is 403. Idempotent by XID (the unique `xidKey`): the first call creates
 * the profile (201), later ones update its names and job title (200), and two calls at once give
 * one profile. A new profile needs a sign-in name: `email` (an existing account of that address is
 * added to the network) or `username` (an emailless account); the account gets no password.
 */
import { DomainError, type PlainResource, type RequestContext } from '@ncs/contracts';
import { isDuplicateKeyError, withStatus } from '@ncs/service-kit';
import type { EventSink } from '../core/dependencies.js';
import { actorOf, findAdminOrAppCaller, userRef, type DirectoryCaller } from '../core/callers.js';
import type { ProfileDoc } from '../core/models.js';
import { presentOne } from '../directory/profiles.js';
import { GET_PROFILE_XID } from '../directory/xid.js';
import type { SyncStore } from './dependencies.js';
import type { RouteBody } from '../core/requests.js';

type Body = RouteBody<'syncUser.sync'>;

const fieldsOf = (body: Body) => ({
  firstName: body.firstName,
  lastName: body.lastName,
  ...(body.jobTitle !== undefined ? { jobTitle: body.jobTitle } : {}),
});

/** The account a new profile belongs to: found by its sign-in name, or created without a password. */
async function accountFor(models: SyncStore, body: Body): Promise<string> {
  const key = body.email
    ? { email: body.email.toLowerCase() }
    : body.username
      ? { username: body.username }
      : null;
  if (!key) {
    throw new DomainError('SYNC_ERR_SIGN_IN_NAME_REQUIRED', undefined, [
      { pointer: '/body/email', message: 'an email or a username is required to create a profile' },
    ]);
  }
  const existing = await models.Account.findOne(key, { _id: 1 }).lean();
  if (existing) return String(existing._id);
  try {
    const created = await models.Account.create({
      ...key,
      firstName: body.firstName,
      lastName: body.lastName,
    });
    return String(created._id);
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const winner = await models.Account.findOne(key, { _id: 1 }).lean();
    if (!winner) throw error;
    return String(winner._id);
  }
}

async function updateByXid(models: SyncStore, networkEID: string, xidKey: string, body: Body) {
  return models.Profile.findOneAndUpdate(
    { networkEID, xidKey },
    { $set: fieldsOf(body) },
    { returnDocument: 'after', runValidators: true },
  ).lean<ProfileDoc>();
}

/**
 * Creates the profile (`created`), or finds it made meanwhile by a sync running at the same time.
 * A profile of the account already in the network takes the XID if it has none.
 */
async function createWithXid(
  models: SyncStore,
  networkEID: string,
  xidKey: string,
  body: Body,
): Promise<{ profile: ProfileDoc; created: boolean }> {
  const accountId = await accountFor(models, body);
  const adopted = await models.Profile.findOneAndUpdate(
    { networkEID, accountId, xidKey: { $exists: false } },
    { $set: { ...fieldsOf(body), XID: body.XID, xidKey } },
    { returnDocument: 'after', runValidators: true },
  ).lean<ProfileDoc>();
  if (adopted) return { profile: adopted, created: true };
  const meanwhile = await updateByXid(models, networkEID, xidKey, body);
  if (meanwhile) return { profile: meanwhile, created: false };
  if (await models.Profile.exists({ networkEID, accountId })) {
    // A sync of this XID running at the same time may have written the profile just now.
    const justNow = await updateByXid(models, networkEID, xidKey, body);
    if (justNow) return { profile: justNow, created: false };
    throw new DomainError('SYNC_ERR_ACCOUNT_HAS_OTHER_XID', undefined, [
      { pointer: '/body/XID', message: 'the account is a member of this network under another XID' },
    ]);
  }
  const [created] = await models.Profile.insertMany([
    { networkEID, accountId, role: 'member', ...fieldsOf(body), XID: body.XID, xidKey },
  ]);
  return { profile: created!.toObject<ProfileDoc>(), created: true };
}

async function recordSync(
  events: EventSink,
  caller: DirectoryCaller,
  networkEID: string,
  profile: ProfileDoc,
  XID: string,
  created: boolean,
) {
  await events.record(created ? 'auth.membership.synced_created' : 'auth.membership.synced_updated', {
    networkEID,
    actor: actorOf(caller),
    audience: { kind: 'admins' },
    data: { user: userRef(String(profile._id)), XID },
  });
}

export async function syncUser(models: SyncStore, events: EventSink, ctx: RequestContext, body: Body) {
  const caller = await findAdminOrAppCaller(models, ctx, GET_PROFILE_XID);
  const networkEID = String(caller.network._id);
  const xidKey = `${networkEID}/${body.XID}`;
  let created = false;
  let profile = await updateByXid(models, networkEID, xidKey, body);
  if (!profile) {
    try {
      ({ profile, created } = await createWithXid(models, networkEID, xidKey, body));
    } catch (error) {
      // Two syncs of one XID at once: the other created it; this one updates it.
      if (!isDuplicateKeyError(error)) throw error;
      profile = await updateByXid(models, networkEID, xidKey, body);
      if (!profile) throw error;
    }
  }
  // The profile is found or made by this XID (its `xidKey`), so it holds this XID.
  await recordSync(events, caller, networkEID, profile, body.XID, created);
  const presented: PlainResource = await presentOne(models, caller, ctx, profile);
  return withStatus(created ? 201 : 200, presented);
}
