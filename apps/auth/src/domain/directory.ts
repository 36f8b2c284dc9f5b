/**
 * The directory's read models: networks, the aggregate entry point and `whoami`, as plain
 * resources (no HAL: the gateway adds `_links` and `_embedded`).
 */
import {
  DomainError,
  toTimestamp,
  type PlainCollection,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import type { AccountDoc, AuthModels, NetworkDoc, ProfileDoc } from '../models/index.js';

/** The network of the request, which the caller must be an active member of (else 404: never reveal existence). */
export async function findCallerNetwork(models: AuthModels, ctx: RequestContext): Promise<NetworkDoc> {
  const networkEID = ctx.networkEID;
  const profileEID = ctx.principal?.profileEID;
  if (!networkEID || !profileEID || !/^[0-9a-f]{24}$/.test(networkEID))
    throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  const [network, member] = await Promise.all([
    models.Network.findById(networkEID).lean<NetworkDoc>(),
    models.Profile.exists({ _id: profileEID, networkEID, userState: 'active' }),
  ]);
  if (!network || !member) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  return network;
}

export function presentNetwork(network: NetworkDoc, hasExternalMembers: boolean): PlainResource {
  return {
    type: 'network',
    EID: String(network._id),
    name: network.name,
    subdomain: network.subdomain,
    description: network.description,
    emblemThumbnailUrl: null,
    subscription: {
      type: network.subscription?.type ?? 'free',
      since: toTimestamp(network.subscription?.since ?? network.created),
    },
    allowChatCustomSettings: network.allowChatCustomSettings,
    language: network.language,
    hasExternalMembers,
    created: toTimestamp(network.created),
    lastModified: toTimestamp(network.lastModified),
  };
}

export async function presentWhoami(
  models: AuthModels,
  accountId: string | undefined,
): Promise<PlainResource> {
  if (!accountId) throw new DomainError('FORBIDDEN', 'whoami needs a user token, not an app token.');
  const account = await models.Account.findById(accountId).lean();
  if (!account) throw new DomainError('UNAUTHENTICATED');
  const profiles = await models.Profile.find({ accountId, userState: 'active' }).lean();
  const networks = await models.Network.find({ _id: { $in: profiles.map((p) => p.networkEID) } }).lean();
  const byId = new Map(networks.map((n) => [String(n._id), n]));
  return {
    type: 'whoami',
    EID: accountId,
    email: account.email,
    fullName: `${account.firstName} ${account.lastName}`.trim(),
    networks: profiles.flatMap((profile) => {
      const network = byId.get(profile.networkEID);
      if (!network) return [];
      return [
        {
          type: 'network',
          EID: String(network._id),
          name: network.name,
          subdomain: network.subdomain,
          _user: {
            profile: { type: 'user', EID: String(profile._id) },
            role: profile.role,
            // Alert counters are owned by the notifications service; zero until it provides them.
            numNonActionRequiredAlertsCoalesced: 0,
            numActionRequiredAlerts: 0,
          },
        },
      ];
    }),
  };
}

export function presentProfile(profile: ProfileDoc, account: AccountDoc | null): PlainResource {
  const firstName = account?.firstName ?? '';
  const lastName = account?.lastName ?? '';
  return {
    type: 'user',
    EID: String(profile._id),
    XID: profile.XID ?? null,
    fullName: `${firstName} ${lastName}`.trim(),
    firstName,
    lastName,
    jobTitle: profile.jobTitle,
    primaryEmail: account?.email ?? '',
    language: account?.language ?? 'en',
    // Every network-admin variant is reported as `admin` (spec: Permissions).
    role: profile.role === 'admin' ? 'admin' : 'member',
    userState: profile.userState,
    isBot: profile.isBot,
    extrnal: profile.external,
    autoTranslation: profile.autoTranslation,
    network: { type: 'network', EID: profile.networkEID },
    lastModified: toTimestamp(profile.lastModified),
  };
}

/** Profiles of the request's network, by EID (one query for a whole batch). */
export async function findProfiles(models: AuthModels, networkEID: string, profileEIDs: readonly string[]) {
  const ids = profileEIDs.filter((eid) => /^[0-9a-f]{24}$/.test(eid));
  const profiles = await models.Profile.find({ networkEID, _id: { $in: ids } }).lean<ProfileDoc[]>();
  const accounts = await models.Account.find({ _id: { $in: profiles.map((p) => p.accountId) } }).lean<
    AccountDoc[]
  >();
  const byId = new Map(accounts.map((a) => [String(a._id), a]));
  return profiles.map((profile) => presentProfile(profile, byId.get(profile.accountId) ?? null));
}

/** One profile of the caller's network, or 404 (the same answer for another network's profile). */
export async function findProfile(
  models: AuthModels,
  ctx: RequestContext,
  profileEID: string,
): Promise<PlainResource> {
  await findCallerNetwork(models, ctx);
  const [profile] = await findProfiles(models, ctx.networkEID ?? '', [profileEID]);
  if (!profile) throw new DomainError('AUTH_ERR_PROFILE_NOT_FOUND');
  return profile;
}

/** Networks by EID, limited to those the caller is an active member of. */
export async function findCallerNetworks(
  models: AuthModels,
  ctx: RequestContext,
  networkEIDs: readonly string[],
): Promise<PlainResource[]> {
  const accountId = ctx.principal?.accountId;
  if (!accountId) return [];
  const memberships = await models.Profile.find({ accountId, userState: 'active' }, { networkEID: 1 }).lean();
  const allowed = new Set(memberships.map((m) => m.networkEID));
  const ids = networkEIDs.filter((eid) => allowed.has(eid));
  const networks = await models.Network.find({ _id: { $in: ids } }).lean<NetworkDoc[]>();
  const external = await models.Profile.distinct('networkEID', { networkEID: { $in: ids }, external: true });
  return networks.map((network) => presentNetwork(network, external.includes(String(network._id))));
}

/** A page of the active profiles of the caller's network, oldest first. */
export async function listProfiles(
  models: AuthModels,
  ctx: RequestContext,
  page: { limit: number; offset: number },
): Promise<PlainCollection> {
  await findCallerNetwork(models, ctx);
  const filter = { networkEID: ctx.networkEID, userState: 'active' as const };
  const [total, profiles] = await Promise.all([
    models.Profile.countDocuments(filter),
    models.Profile.find(filter).sort({ _id: 1 }).skip(page.offset).limit(page.limit).lean<ProfileDoc[]>(),
  ]);
  const accounts = await models.Account.find({ _id: { $in: profiles.map((p) => p.accountId) } }).lean<
    AccountDoc[]
  >();
  const byId = new Map(accounts.map((a) => [String(a._id), a]));
  return {
    type: 'collection',
    itemType: 'user',
    rel: 'users',
    total,
    limit: page.limit,
    offset: page.offset,
    items: profiles.map((profile) => presentProfile(profile, byId.get(profile.accountId) ?? null)),
  };
}
