/**
 * Who may do what with apps: the app itself (its client-credentials token), network
 * administrators, members; and where an app may act at all (the networks it is installed in).
 * Rules where the spec is silent: docs/decisions.md, "Directory: apps and manifests".
 */
import { DomainError, type RequestContext, isEid } from '@ncs/contracts';
import { findCallerNetwork } from '../core/callers.js';
import type { NetworkDoc } from '../core/models.js';
import { permissionsForRole, MANAGE_NETWORK } from '../core/permissions.js';
import type { AppsStore } from './dependencies.js';
import type { ClientDoc } from '../core/client-models.js';
import { findInstalledNetwork } from '../core/app-callers.js';

/** Every administrator variant holds it (permissions.ts): the admin check of this area. */
/**
 * Whether the client may act in the network for its users: first-party clients (the platform's
 * own) everywhere, apps only where installed. Checked on the authorization page, at the code
 * exchange and refresh, and when a code-flow token is looked up.
 */
export async function appMayActIn(
  models: AppsStore,
  client: Pick<ClientDoc, 'clientId' | 'firstParty'> | string,
  networkEID: string,
): Promise<boolean> {
  const clientId = typeof client === 'string' ? client : client.clientId;
  if (await models.Installation.exists({ networkEID, clientId })) return true;
  const firstParty =
    typeof client === 'string'
      ? Boolean(await models.Client.exists({ clientId, firstParty: true }))
      : client.firstParty;
  return firstParty;
}

/** An app (a client that is not first-party) by EID, or null. */
export async function findApp(models: AppsStore, appEID: string): Promise<ClientDoc | null> {
  if (!isEid(appEID)) return null;
  return models.Client.findOne({ clientId: appEID, firstParty: false }).lean<ClientDoc>();
}

/** The app's own client-credentials token (no account behind it), else 403. */
export function requireOwnAppToken(ctx: RequestContext, appEID: string): void {
  const principal = ctx.principal;
  if (!principal?.appEID || principal.accountId || principal.appEID !== appEID) {
    throw new DomainError('APPS_ERR_APP_TOKEN_REQUIRED');
  }
}

/** Whether the account administers at least one network (where it is an active member). */
export async function administersANetwork(models: AppsStore, accountId: string): Promise<boolean> {
  const profiles = await models.Profile.find({ accountId, userState: 'active' }, { role: 1 }).lean();
  return profiles.some((profile) => permissionsForRole(profile.role).includes(MANAGE_NETWORK));
}

/** The caller inside the request's network, checked against the store (not only the token cache). */
export interface NetworkCaller {
  readonly networkEID: string;
  readonly network: NetworkDoc;
  /** A person's profile; absent for an app token. */
  readonly profileEID?: string;
  readonly accountId?: string;
  /** The app of an app (client-credentials) token. */
  readonly appEID?: string;
  readonly external: boolean;
  readonly isAdmin: boolean;
  /** As signed requests report it: every administrator variant is `admin`. */
  readonly role: string;
}

export async function networkCallerOf(models: AppsStore, ctx: RequestContext): Promise<NetworkCaller> {
  const principal = ctx.principal;
  const networkEID = ctx.networkEID;
  if (!principal || !networkEID) throw new DomainError('AUTH_ERR_NETWORK_NOT_FOUND');
  if (!principal.accountId && !principal.profileEID && principal.appEID) {
    const network = await findInstalledNetwork(models, ctx);
    return { networkEID, network, appEID: principal.appEID, external: false, isAdmin: false, role: 'app' };
  }
  const network = await findCallerNetwork(models, ctx);
  const isAdmin = principal.permissions.includes(MANAGE_NETWORK);
  return {
    networkEID,
    network,
    profileEID: principal.profileEID!,
    ...(principal.accountId ? { accountId: principal.accountId } : {}),
    external: principal.external,
    isAdmin,
    role: isAdmin ? 'admin' : (principal.roles[0] ?? 'member'),
  };
}

export function requireAdmin(caller: NetworkCaller): void {
  if (!caller.isAdmin) throw new DomainError('AUTH_ERR_NOT_NETWORK_ADMIN');
}

export function requirePerson(caller: NetworkCaller): asserts caller is NetworkCaller & {
  profileEID: string;
} {
  if (!caller.profileEID) throw new DomainError('APPS_ERR_USER_TOKEN_REQUIRED');
}
