/**
 * Spec: "Apps whose external entry point has `urlAppendNetwork` receive query parameters
 * `network_eid` and `network_auth_url` on single-sign-on redirects". The sign-on redirect is the
 * authorization page sending the person back with a `code`; `network_auth_url` is that network's
 * authorization page (`{network_url}/auth`), where the app starts the next sign-in in the same
 * network.
 */
import type { RequestContext } from '@ncs/contracts';
import type { NetworkDoc } from '../core/models.js';
import type { AppsStore } from './dependencies.js';

/** `{base}/auth?network=<subdomain>`: the gateway serves every network's page and picks it by `network`. */
export function networkAuthUrl(baseUrl: string, network: Pick<NetworkDoc, 'subdomain'>): string {
  const url = new URL(`${baseUrl.replace(/\/$/, '')}/auth`);
  url.searchParams.set('network', network.subdomain);
  return url.toString();
}

/** The parameters to add to the app's sign-on redirect: none unless the app asks for them. */
export async function networkParametersFor(
  models: AppsStore,
  clientId: string,
  network: Pick<NetworkDoc, '_id' | 'subdomain'>,
  ctx: RequestContext,
): Promise<{ network_eid?: string; network_auth_url?: string }> {
  const manifest = await models.AppManifest.findOne({ clientId }, { entryPoints: 1 }).lean();
  const wanted = (manifest?.entryPoints ?? []).some(
    (entry) => entry.context === 'external' && entry.urlAppendNetwork,
  );
  if (!wanted || !ctx.baseUrl) return {};
  return { network_eid: String(network._id), network_auth_url: networkAuthUrl(ctx.baseUrl, network) };
}
