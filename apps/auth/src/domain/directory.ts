/**
 * The directory's read models: networks, the aggregate entry point and `whoami`, as plain
 * resources (no HAL: the gateway adds `_links` and `_embedded`).
 */
import { DomainError, toTimestamp, type PlainResource, type RequestContext } from '@ncs/contracts';
import type { AuthModels, NetworkDoc } from '../models/index.js';

/** The network of the request, which the caller must be an active member of (else 404: never reveal existence). */
export async function findCallerNetwork(models: AuthModels, ctx: RequestContext): Promise<NetworkDoc> {
  const networkEID = ctx.networkEID;
  const profileEID = ctx.principal?.profileEID;
  if (!networkEID || !profileEID || !/^[0-9a-f]{24}$/.test(networkEID)) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
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

export async function presentWhoami(models: AuthModels, accountId: string | undefined): Promise<PlainResource> {
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
