/**
 * The directory's callers and networks: who is calling (checked against the store, not only the
 * gateway's cached principal), the network resource and its settings, and `whoami`, as plain
 * resources (no HAL: the gateway adds `_links` and `_embedded`). Rules where the spec is silent:
 * docs/decisions.md, "Directory: network settings and profiles".
 */
import { pick } from '@ncs/service-kit';
import { DomainError, toTimestamp, type PlainResource, type RequestContext } from '@ncs/contracts';
import { isValidObjectId } from 'mongoose';
import type { EventSink } from '../dependencies.js';
import type { AuthModels, NetworkDoc, ProfileDoc } from '../models/index.js';
import { findInstalledNetwork, isAppCaller } from './installations.js';
import { isAdminRole, MANAGE_NETWORK, reportedRole } from './permissions.js';

// ---------------------------------------------------------------------------------------------
// Callers

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

const isEid = (value: string | undefined): value is string =>
  Boolean(value && isValidObjectId(value) && /^[0-9a-f]{24}$/.test(value));

/**
 * The request's network and the caller's ACTIVE profile in it, read from the store: a member
 * suspended or demoted while the gateway still caches the token's principal is already refused
 * here. Not a member: 404 (never reveal existence).
 */
export async function findMemberCaller(models: AuthModels, ctx: RequestContext): Promise<MemberCaller> {
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
export async function findCallerNetwork(models: AuthModels, ctx: RequestContext): Promise<NetworkDoc> {
  return (await findMemberCaller(models, ctx)).network;
}

/**
 * A network administrator. The permission is checked first (a member gets 403 and never learns
 * whether what they asked about exists), then the stored role (demoted within the cache window).
 */
export async function findAdminCaller(models: AuthModels, ctx: RequestContext): Promise<MemberCaller> {
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
  models: AuthModels,
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
  models: AuthModels,
  ctx: RequestContext,
  appPermission: string,
): Promise<DirectoryCaller> {
  if (!isAppCaller(ctx)) return findMemberCaller(models, ctx);
  return findAdminOrAppCaller(models, ctx, appPermission);
}

/** The `actor` of a domain event. */
export function actorOf(caller: DirectoryCaller): { type: string; EID: string } {
  return caller.kind === 'member'
    ? { type: 'user', EID: caller.profileEID }
    : { type: 'app', EID: caller.appEID };
}

// ---------------------------------------------------------------------------------------------
// Networks

/** What the network representation needs beyond the network document. */
export interface NetworkFacts {
  readonly hasExternalMembers: boolean;
  readonly numActiveMembers: number;
  /** Parent domain of the networks' hosts (config `NETWORK_DOMAIN`). */
  readonly networkDomain: string;
  /** The calling user's stored role in the network; absent for app tokens. */
  readonly callerRole?: string;
}

/**
 * An imprecise member count for display: exact below 100, otherwise rounded down to two
 * significant digits (1,234 → 1,200), so it does not change with every join.
 */
export function impreciseCount(count: number): number {
  if (count < 100) return count;
  const step = 10 ** (Math.floor(Math.log10(count)) - 1);
  return Math.floor(count / step) * step;
}

export function presentNetwork(network: NetworkDoc, facts: NetworkFacts, version: string): PlainResource {
  const host = `${network.subdomain}.${facts.networkDomain}`;
  const features = [...(network.features ?? [])];
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
    allowCommentsPreference: network.allowCommentsPreference,
    allowReactionsPreference: network.allowReactionsPreference,
    allowEditingProfileBio: network.allowEditingProfileBio,
    allowEditingJobTitle: network.allowEditingJobTitle,
    language: network.language,
    defaultPrimaryEmailPrivacySetting: network.defaultPrimaryEmailPrivacySetting,
    mobileNumber: network.mobileNumber ?? null,
    appDistributorEnabled: network.appDistributorEnabled,
    features,
    hasExternalMembers: facts.hasExternalMembers,
    videoEnabled: features.includes('video'),
    marketEnabled: features.includes('market'),
    numImpreciseActiveMembersCount: impreciseCount(facts.numActiveMembers),
    speakapDomain: host,
    baseUrl: `https://${host}`,
    emailSettings: { senderName: network.name, senderAddress: `no-reply@${host}` },
    ...(facts.callerRole !== undefined
      ? {
          _user: {
            member: true,
            role: reportedRole(facts.callerRole, version),
            // Scheduled items are owned by messaging; zero until it provides the count.
            numScheduledItems: 0,
            // Nothing must be done before using the network yet (e.g. accepting terms of service).
            accessPreconditions: [],
          },
        }
      : {}),
    created: toTimestamp(network.created),
    lastModified: toTimestamp(network.lastModified),
  };
}

async function networkFacts(
  models: AuthModels,
  networkEID: string,
  networkDomain: string,
  callerRole: string | undefined,
): Promise<NetworkFacts> {
  const [external, numActiveMembers] = await Promise.all([
    models.Profile.exists({ networkEID, external: true, userState: 'active' }),
    models.Profile.countDocuments({ networkEID, userState: 'active' }),
  ]);
  return {
    hasExternalMembers: Boolean(external),
    numActiveMembers,
    networkDomain,
    ...(callerRole !== undefined ? { callerRole } : {}),
  };
}

/** `GET /networks/{networkEID}/`: members, and apps installed in the network. */
export async function getNetwork(
  models: AuthModels,
  ctx: RequestContext,
  networkDomain: string,
): Promise<PlainResource> {
  if (isAppCaller(ctx)) {
    const network = await findInstalledNetwork(models, ctx);
    const facts = await networkFacts(models, String(network._id), networkDomain, undefined);
    return presentNetwork(network, facts, ctx.version);
  }
  const caller = await findMemberCaller(models, ctx);
  const facts = await networkFacts(models, String(caller.network._id), networkDomain, caller.profile.role);
  return presentNetwork(caller.network, facts, ctx.version);
}

/** The settings `PUT /networks/{networkEID}` writes; everything else in a body is refused by its schema. */
const WRITABLE_NETWORK_FIELDS = [
  'name',
  'description',
  'allowChatCustomSettings',
  'allowCommentsPreference',
  'allowReactionsPreference',
  'allowEditingProfileBio',
  'allowEditingJobTitle',
  'language',
  'defaultPrimaryEmailPrivacySetting',
  'mobileNumber',
  'appDistributorEnabled',
] as const;

/** `PUT /networks/{networkEID}`: administrators change settings; only the fields sent change. */
export async function updateNetwork(
  models: AuthModels,
  events: EventSink,
  ctx: RequestContext,
  body: unknown,
  networkDomain: string,
): Promise<PlainResource> {
  const caller = await findAdminCaller(models, ctx);
  const changes = pick(body, WRITABLE_NETWORK_FIELDS);
  const networkEID = String(caller.network._id);
  const updated = await models.Network.findOneAndUpdate(
    { _id: networkEID },
    { $set: changes },
    { returnDocument: 'after', runValidators: true },
  ).lean<NetworkDoc>();
  if (!updated) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  await events.record('network', 'updated', {
    networkEID,
    actor: actorOf(caller),
    data: { network: { type: 'network', EID: networkEID }, changes },
  });
  const facts = await networkFacts(models, networkEID, networkDomain, caller.profile.role);
  return presentNetwork(updated, facts, ctx.version);
}

/** Networks by EID (embeds), limited to those the caller is an active member of. */
export async function findCallerNetworks(
  models: AuthModels,
  ctx: RequestContext,
  networkEIDs: readonly string[],
  networkDomain: string,
): Promise<PlainResource[]> {
  const accountId = ctx.principal?.accountId;
  if (!accountId) return [];
  const memberships = await models.Profile.find(
    { accountId, userState: 'active' },
    { networkEID: 1, role: 1 },
  ).lean();
  const roles = new Map(memberships.map((m) => [m.networkEID, m.role]));
  const ids = networkEIDs.filter((eid) => roles.has(eid));
  const networks = await models.Network.find({ _id: { $in: ids } }).lean<NetworkDoc[]>();
  return Promise.all(
    networks.map(async (network) => {
      const networkEID = String(network._id);
      const facts = await networkFacts(models, networkEID, networkDomain, roles.get(networkEID));
      return presentNetwork(network, facts, ctx.version);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// whoami and the aggregate

export async function presentWhoami(models: AuthModels, ctx: RequestContext): Promise<PlainResource> {
  const accountId = ctx.principal?.accountId;
  if (!accountId) throw new DomainError('FORBIDDEN', 'whoami needs a user token, not an app token.');
  const account = await models.Account.findById(accountId).lean();
  if (!account) throw new DomainError('UNAUTHENTICATED');
  const profiles = await models.Profile.find({ accountId, userState: 'active' }).lean();
  const networks = await models.Network.find({ _id: { $in: profiles.map((p) => p.networkEID) } }).lean();
  const byId = new Map(networks.map((n) => [String(n._id), n]));
  return {
    type: 'whoami',
    EID: accountId,
    email: account.email ?? null,
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
            role: reportedRole(profile.role, ctx.version),
            // Alert counters are owned by the notifications service; zero until it provides them.
            numNonActionRequiredAlertsCoalesced: 0,
            numActionRequiredAlerts: 0,
          },
        },
      ];
    }),
  };
}

export async function getAggregate(models: AuthModels, ctx: RequestContext): Promise<PlainResource> {
  await findMemberCaller(models, ctx);
  return { type: 'aggregate' };
}
