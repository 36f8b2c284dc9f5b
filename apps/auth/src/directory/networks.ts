/**
 * Networks: the network resource and its settings, the embeds of networks, and `whoami` and the
 * aggregate, as plain resources (no HAL: the gateway adds `_links` and `_embedded`). Rules where
 * the spec is silent: docs/decisions.md, "Directory: network settings and profiles".
 */
import { pick, type RpcClient } from '@ncs/service-kit';
import {
  DomainError,
  emblemThumbnailPath,
  toTimestamp,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import { findInstalledNetwork, isAppCaller } from '../core/app-callers.js';
import type { EventSink } from '../core/dependencies.js';
import type { DirectoryStore } from './dependencies.js';
import type { RouteBody } from '../core/requests.js';
import { actorOf, findAdminCaller, findMemberCaller } from '../core/callers.js';
import type { NetworkDoc } from '../core/models.js';
import { reportedRole } from '../core/permissions.js';
import type { ScheduledItemsCounts } from './scheduled-items.js';
// Directory (network operations): the terms a member must still accept.
import { termsPreconditionsOf } from '../network-admin/terms.js';
import { presentWriteContext, writeContextChanges } from './network-write-context.js';
import { isAdminRole } from '../core/permissions.js';
// No whole count of a large network's members on every read.
import { activeMembersCount } from './member-count.js';
import { findDefaultTheme } from '../settings/themes.js';

/** What the network representation needs beyond the network document. */
export interface NetworkFacts {
  readonly hasExternalMembers: boolean;
  readonly numActiveMembers: number;
  /** Parent domain of the networks' hosts (config `NETWORK_DOMAIN`). */
  readonly networkDomain: string;
  /** The calling user's stored role in the network; absent for app tokens. */
  readonly callerRole?: string;
  /** The caller's scheduled items, asked of messaging (`network.get`); 0 elsewhere. */
  readonly numScheduledItems?: number;
  /** Files: the emblem of the network's theme. */
  readonly emblem?: { type: 'file'; EID: string } | null;
  /** What the caller must do before using the network (`accept_terms`); none when absent. */
  readonly accessPreconditions?: readonly string[];
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
    // Files: the emblem of the network's theme, as a thumbnail of the uploaded file.
    emblemThumbnailUrl: emblemThumbnailPath(String(network._id), facts.emblem),
    emblem: facts.emblem ?? null,
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
            // Scheduled items are owned by messaging, asked by `network.get` (scheduled-items.ts).
            numScheduledItems: facts.numScheduledItems ?? 0,
            // What must be done before using the network (accepting the current terms of service).
            accessPreconditions: [...(facts.accessPreconditions ?? [])],
          },
        }
      : {}),
    created: toTimestamp(network.created),
    lastModified: toTimestamp(network.lastModified),
    // Directory (network operations): `sso` only to administrators.
    ...presentWriteContext(network, facts.callerRole !== undefined && isAdminRole(facts.callerRole)),
  };
}

/**
 * Files: the network's emblem is its theme's — the theme `PUT /networks/{n}` named,
 * else the default theme — when that emblem is an uploaded file; else none.
 */
async function networkEmblemOf(
  models: DirectoryStore,
  networkEID: string,
  themeEID: string | null | undefined,
): Promise<{ type: 'file'; EID: string } | null> {
  type EmblemOnly = { emblem?: { type?: string | null; EID?: string | null } | null };
  const theme = await (themeEID
    ? models.NetworkTheme.findOne({ networkEID, _id: themeEID }, { emblem: 1 }).lean<EmblemOnly>()
    : findDefaultTheme(models, networkEID, { emblem: 1 }).lean<EmblemOnly>());
  const emblem = theme?.emblem;
  return emblem?.type === 'file' && emblem.EID ? { type: 'file', EID: emblem.EID } : null;
}

async function networkFacts(
  models: DirectoryStore,
  networkEID: string,
  networkDomain: string,
  callerRole: string | undefined,
  themeEID: string | null | undefined,
): Promise<NetworkFacts> {
  const [external, numActiveMembers, emblem] = await Promise.all([
    models.Profile.exists({ networkEID, external: true, userState: 'active' }),
    activeMembersCount(models, networkEID),
    networkEmblemOf(models, networkEID, themeEID),
  ]);
  return {
    hasExternalMembers: Boolean(external),
    numActiveMembers,
    emblem,
    networkDomain,
    ...(callerRole !== undefined ? { callerRole } : {}),
  };
}

/** `GET /networks/{networkEID}/`: members, and apps installed in the network. */
export async function getNetwork(
  models: DirectoryStore,
  ctx: RequestContext,
  networkDomain: string,
  scheduledItems?: Pick<ScheduledItemsCounts, 'of'>,
): Promise<PlainResource> {
  if (isAppCaller(ctx)) {
    const network = await findInstalledNetwork(models, ctx);
    const facts = await networkFacts(models, String(network._id), networkDomain, undefined, network.themeEID);
    return presentNetwork(network, facts, ctx.version);
  }
  const caller = await findMemberCaller(models, ctx);
  const networkEID = String(caller.network._id);
  const [facts, numScheduledItems, preconditions] = await Promise.all([
    networkFacts(models, networkEID, networkDomain, caller.profile.role, caller.network.themeEID),
    scheduledItems ? scheduledItems.of(ctx) : 0,
    termsPreconditionsOf(models, [{ networkEID, profileEID: caller.profileEID }]),
  ]);
  const accessPreconditions = preconditions.get(networkEID) ?? [];
  return presentNetwork(
    caller.network,
    withCallerFacts(facts, { numScheduledItems, accessPreconditions }),
    ctx.version,
  );
}

/** The network's facts with the caller's own (scheduled items, what to do before using it). */
export function withCallerFacts(
  facts: NetworkFacts,
  callerFacts: Pick<NetworkFacts, 'numScheduledItems' | 'accessPreconditions'>,
): NetworkFacts {
  // Not `{ ...facts, ...callerFacts }`: a new hidden class per request (bench/README.md, "A hidden
  // class per request").
  return Object.assign({}, facts, callerFacts);
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
  models: DirectoryStore,
  events: EventSink,
  rpc: RpcClient,
  ctx: RequestContext,
  body: RouteBody<'network.update'>,
  networkDomain: string,
): Promise<PlainResource> {
  const caller = await findAdminCaller(models, ctx);
  const networkEID = String(caller.network._id);
  const changes = {
    ...pick(body, WRITABLE_NETWORK_FIELDS),
    // Directory (network operations): sso, favicon, theme, emailDeliveryFormat.
    ...(await writeContextChanges(models, rpc, ctx, caller.network, body)),
  };
  const updated = await models.Network.findOneAndUpdate(
    { _id: networkEID },
    { $set: changes },
    { returnDocument: 'after', runValidators: true },
  ).lean<NetworkDoc>();
  if (!updated) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  await events.record('auth.network.updated', {
    networkEID,
    actor: actorOf(caller),
    audience: { kind: 'network' },
    data: { network: { type: 'network', EID: networkEID }, changes },
  });
  const [facts, preconditions] = await Promise.all([
    networkFacts(models, networkEID, networkDomain, caller.profile.role, caller.network.themeEID),
    termsPreconditionsOf(models, [{ networkEID, profileEID: caller.profileEID }]),
  ]);
  return presentNetwork(
    updated,
    { ...facts, accessPreconditions: preconditions.get(networkEID) ?? [] },
    ctx.version,
  );
}

/** Networks by EID (embeds), limited to those the caller is an active member of. */
export async function findCallerNetworks(
  models: DirectoryStore,
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
      const facts = await networkFacts(
        models,
        networkEID,
        networkDomain,
        roles.get(networkEID),
        network.themeEID,
      );
      return presentNetwork(network, facts, ctx.version);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// whoami and the aggregate

export async function presentWhoami(models: DirectoryStore, ctx: RequestContext): Promise<PlainResource> {
  const accountId = ctx.principal?.accountId;
  if (!accountId) throw new DomainError('FORBIDDEN', 'whoami needs a user token, not an app token.');
  const account = await models.Account.findById(accountId).lean();
  if (!account) throw new DomainError('UNAUTHENTICATED');
  const profiles = await models.Profile.find({ accountId, userState: 'active' }).lean();
  const networks = await models.Network.find({ _id: { $in: profiles.map((p) => p.networkEID) } }).lean();
  const byId = new Map(networks.map((n) => [String(n._id), n]));
  const preconditions = await termsPreconditionsOf(
    models,
    profiles.map((p) => ({ networkEID: p.networkEID, profileEID: String(p._id) })),
  );
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
            // Alert counters are owned by the notifications service: filled in by whoami/alert-counters.ts.
            numNonActionRequiredAlertsCoalesced: 0,
            numActionRequiredAlerts: 0,
            // Directory: network operations.
            accessPreconditions: preconditions.get(profile.networkEID) ?? [],
          },
        },
      ];
    }),
  };
}

export async function getAggregate(models: DirectoryStore, ctx: RequestContext): Promise<PlainResource> {
  await findMemberCaller(models, ctx);
  return { type: 'aggregate' };
}
