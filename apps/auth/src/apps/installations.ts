/**
 * Apps installed in a network (spec: Apps `add`, `remove`; issue: "an app is installed per
 * network"): members list them with the entry points they may open, administrators install and
 * remove them. An installation grants the app exactly its manifest's permissions; removing it ends
 * at once every token the app holds there.
 */
import {
  DomainError,
  toTimestamp,
  type AppEntryPointValue,
  type PlainCollection,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import { isDuplicateKeyError, withStatus, type Page, pageOf } from '@ncs/service-kit';
import type { EventSink } from '../core/dependencies.js';
import type { AppsStore } from './dependencies.js';
import type { ClientDoc } from '../core/client-models.js';
import { findApp, type NetworkCaller, networkCallerOf, requireAdmin } from './access.js';
import { revokeTokens } from '../core/token-revocation.js';
import { presentEntryPoint } from './manifests.js';
import type { InstallationDoc } from '../core/client-models.js';
import type { AppManifestDoc } from './models.js';

/** Entry points of the manifest the caller may see: external users only those that include them. */
export function visibleEntryPoints(manifest: AppManifestDoc | null, external: boolean): AppEntryPointValue[] {
  return (manifest?.entryPoints ?? [])
    .map((entry) => presentEntryPoint(entry as unknown as AppEntryPointValue))
    .filter((entry) => !external || entry.includeExternalUsers);
}

function presentApp(
  installation: InstallationDoc,
  client: ClientDoc | null,
  manifest: AppManifestDoc | null,
  caller: Pick<NetworkCaller, 'external'>,
): PlainResource {
  return {
    type: 'app',
    EID: installation.clientId,
    name: client?.name ?? '',
    description: manifest?.description ?? '',
    network: { type: 'network', EID: installation.networkEID },
    entryPoints: visibleEntryPoints(manifest, caller.external),
    permissions: [...installation.permissions],
    installed: toTimestamp(installation.created),
    created: toTimestamp(installation.created),
  };
}

async function presentApps(
  models: AppsStore,
  installations: readonly InstallationDoc[],
  caller: NetworkCaller,
): Promise<PlainResource[]> {
  const clientIds = installations.map((i) => i.clientId);
  const [clients, manifests] = await Promise.all([
    models.Client.find({ clientId: { $in: clientIds } }).lean<ClientDoc[]>(),
    models.AppManifest.find({ clientId: { $in: clientIds } }).lean<AppManifestDoc[]>(),
  ]);
  const clientById = new Map(clients.map((c) => [c.clientId, c]));
  const manifestById = new Map(manifests.map((m) => [m.clientId, m]));
  return installations.map((installation) =>
    presentApp(
      installation,
      clientById.get(installation.clientId) ?? null,
      manifestById.get(installation.clientId) ?? null,
      caller,
    ),
  );
}

/** The installations an app token sees: its own only. Members see every app of the network. */
function visibleTo(caller: NetworkCaller) {
  return caller.appEID
    ? { networkEID: caller.networkEID, clientId: caller.appEID }
    : { networkEID: caller.networkEID };
}

export async function listApps(models: AppsStore, ctx: RequestContext, page: Page): Promise<PlainCollection> {
  const caller = await networkCallerOf(models, ctx);
  return pageOf(
    models.Installation,
    { filter: visibleTo(caller), sort: { created: 1, _id: 1 } },
    page,
    { itemType: 'app', rel: 'apps' },
    (installations) => presentApps(models, installations, caller),
  );
}

async function findInstallation(models: AppsStore, caller: NetworkCaller, appEID: string) {
  const installation = await models.Installation.findOne({
    ...visibleTo(caller),
    clientId: caller.appEID ?? appEID,
  }).lean<InstallationDoc>();
  // An app token asking for another app: the same 404 as an app that is not installed.
  if (!installation || installation.clientId !== appEID) throw new DomainError('APPS_ERR_APP_NOT_INSTALLED');
  return installation;
}

export async function getApp(models: AppsStore, ctx: RequestContext, appEID: string) {
  const caller = await networkCallerOf(models, ctx);
  const installation = await findInstallation(models, caller, appEID);
  const [app] = await presentApps(models, [installation], caller);
  return app!;
}

const appRef = (appEID: string) => ({ type: 'app' as const, EID: appEID });

/**
 * `add`: an administrator installs an app (201); installing it again (200) refreshes the
 * installation's permissions to the manifest's current list. The body names only the app: the
 * permissions are never the caller's to choose.
 */
export async function installAppInNetwork(
  models: AppsStore,
  events: EventSink,
  ctx: RequestContext,
  body: { appEID: string },
) {
  const caller = await networkCallerOf(models, ctx);
  requireAdmin(caller);
  const client = await findApp(models, body.appEID);
  if (!client) {
    throw new DomainError('APPS_ERR_UNKNOWN_APP', undefined, [
      { pointer: '/body/appEID', message: 'is not the EID of an app' },
    ]);
  }
  const manifest = await models.AppManifest.findOne({ clientId: client.clientId }).lean<AppManifestDoc>();
  const permissions = [...(manifest?.permissions ?? [])];
  const key = { networkEID: caller.networkEID, clientId: client.clientId };
  const before = await models.Installation.findOne(key).lean<InstallationDoc>();
  let created = false;
  try {
    const result = await models.Installation.updateOne(key, { $set: { permissions } }, { upsert: true });
    created = result.upsertedCount > 0;
  } catch (error) {
    // Two administrators installing at once: the loser's upsert meets the unique index.
    if (!isDuplicateKeyError(error)) throw error;
    await models.Installation.updateOne(key, { $set: { permissions } });
  }
  const actor = { type: 'user', EID: caller.profileEID! };
  if (created) {
    await events.record('auth.app.installed', {
      networkEID: caller.networkEID,
      actor,
      audience: { kind: 'admins' },
      data: { app: appRef(client.clientId), permissions },
    });
  } else if (before && !sameSet(before.permissions, permissions)) {
    await events.record('auth.app.permissions_updated', {
      networkEID: caller.networkEID,
      actor,
      audience: { kind: 'admins' },
      data: { app: appRef(client.clientId), permissions, previous: [...before.permissions] },
    });
  }
  const installation = await models.Installation.findOne(key).lean<InstallationDoc>();
  if (!installation) throw new DomainError('APPS_ERR_APP_NOT_INSTALLED'); // removed meanwhile
  return withStatus(created ? 201 : 200, presentApp(installation, client, manifest, caller));
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/**
 * `remove`: the installation goes, and with it every token the app holds in the network: the
 * code-flow tokens of the network's users and the app's own client-credentials tokens (these are
 * not bound to one network; the app gets a new one at once, reaching its other installations).
 * Revoked tokens leave the gateway's principal cache at once (`auth.token.revoked`).
 */
export async function removeApp(models: AppsStore, events: EventSink, ctx: RequestContext, appEID: string) {
  const caller = await networkCallerOf(models, ctx);
  requireAdmin(caller);
  const { deletedCount } = await models.Installation.deleteOne({
    networkEID: caller.networkEID,
    clientId: appEID,
  });
  if (deletedCount === 0) throw new DomainError('APPS_ERR_APP_NOT_INSTALLED');
  await events.record('auth.app.removed', {
    networkEID: caller.networkEID,
    actor: { type: 'user', EID: caller.profileEID! },
    audience: { kind: 'admins' },
    data: { app: appRef(appEID) },
  });
  const grants = await models.AppGrant.find(
    { networkEID: caller.networkEID, clientId: appEID },
    { familyId: 1 },
  ).lean();
  await revokeTokens(models, events, { familyId: { $in: grants.map((g) => g.familyId) } });
  await models.AppGrant.deleteMany({ networkEID: caller.networkEID, clientId: appEID });
  await revokeTokens(models, events, {
    clientId: appEID,
    grantType: 'client_credentials',
    expiresAt: { $gt: new Date() },
  });
  return withStatus(204, null);
}
