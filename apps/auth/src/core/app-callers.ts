/**
 * Apps installed in networks: a client-credentials token acts as the app (no profile) and may only
 * touch networks the app is installed in. Of the directory it may read the network itself; routes
 * about a person (whoami, profiles, aggregate) stay user-only.
 */
import { DomainError, type RequestContext, isEid } from '@ncs/contracts';
import type { NetworkDoc } from './models.js';
import type { CoreModels } from './models.js';

/** An app token: the app, without an account or a profile. */
export function isAppCaller(ctx: RequestContext): boolean {
  return Boolean(ctx.principal?.appEID && !ctx.principal.accountId && !ctx.principal.profileEID);
}

/** The request's network, which the calling app must be installed in (else 404, like a non-member). */
export async function findInstalledNetwork(models: CoreModels, ctx: RequestContext): Promise<NetworkDoc> {
  const networkEID = ctx.networkEID;
  const clientId = ctx.principal?.appEID;
  if (!isEid(networkEID) || !clientId) {
    throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  }
  const [network, installed] = await Promise.all([
    models.Network.findById(networkEID).lean<NetworkDoc>(),
    models.Installation.exists({ networkEID, clientId }),
  ]);
  if (!network || !installed) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  return network;
}
