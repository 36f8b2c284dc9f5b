/**
 * `GET /whoami/` for an app token: the app and the networks it is installed in whose installation
 * grants the application permission `list_networks`. Without it in any network the app may not list
 * networks (403, as before: whoami is otherwise about a person). An app has no profile, so its
 * networks carry no `_user`.
 */
import { DomainError, isEid, type PlainResource, type RequestContext } from '@ncs/contracts';
import type { WhoamiStore } from './dependencies.js';

export const LIST_NETWORKS = 'list_networks';

export async function presentAppWhoami(models: WhoamiStore, ctx: RequestContext): Promise<PlainResource> {
  const clientId = ctx.principal?.appEID ?? '';
  const installations = await models.Installation.find(
    { clientId, permissions: LIST_NETWORKS },
    { networkEID: 1 },
  ).lean<{ networkEID: string }[]>();
  // An app is named by its client id, an EID for every app that can be installed; another id
  // cannot be a whoami `EID`, so such a client is refused like one without the permission.
  if (installations.length === 0 || !isEid(clientId)) {
    throw new DomainError('FORBIDDEN', `Listing networks needs the application permission ${LIST_NETWORKS}.`);
  }
  const [client, networks] = await Promise.all([
    models.Client.findOne({ clientId }, { name: 1 }).lean<{ name: string }>(),
    models.Network.find({ _id: { $in: installations.map((i) => i.networkEID) } }, { name: 1, subdomain: 1 })
      .sort({ _id: 1 })
      .lean<{ _id: unknown; name: string; subdomain: string }[]>(),
  ]);
  return {
    type: 'whoami',
    EID: clientId,
    email: null,
    fullName: client?.name ?? '',
    app: { type: 'app', EID: clientId },
    networks: networks.map((network) => ({
      type: 'network',
      EID: String(network._id),
      name: network.name,
      subdomain: network.subdomain,
    })),
  };
}
