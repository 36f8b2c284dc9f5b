/**
 * Users' code-flow grants to apps (spec: "User authorized apps"; "A token obtained this way has no
 * expiry and may be revoked by the user at any time"): recorded when the user accepts on the
 * authorization page, listed and revoked per network by the user, revoked by administrators
 * removing the app. Revocation goes through the store and `auth.token.revoked` (hashes only), so
 * the gateway drops the tokens from its principal cache at once.
 */
import {
  DomainError,
  toTimestamp,
  type PlainCollection,
  type PlainResource,
  type RequestContext,
} from '@ncs/contracts';
import { withStatus, type Page, collectionOf } from '@ncs/service-kit';
import type { EventSink } from '../core/dependencies.js';
import type { AppsStore } from './dependencies.js';
import type { ClientDoc } from '../core/client-models.js';
import { revokeTokens } from '../core/token-revocation.js';
import { networkCallerOf, requirePerson } from './access.js';
import type { AppGrantDoc } from './models.js';

/** Grants read for one person in one network: far above what a person accepts. */
const MAX_GRANTS = 5000;

/** Called when the user accepts on the authorization page: the family the code will start. */
export async function recordGrant(
  models: AppsStore,
  grant: { networkEID: string; profileEID: string; clientId: string; familyId: string; scope: string },
): Promise<void> {
  await models.AppGrant.create(grant);
}

/** The caller's grants in the network whose tokens are still live, by app. */
async function liveGrantsByApp(models: AppsStore, networkEID: string, profileEID: string, clientId?: string) {
  const grants = await models.AppGrant.find({ networkEID, profileEID, ...(clientId ? { clientId } : {}) })
    .sort({ created: 1, _id: 1 })
    .limit(MAX_GRANTS)
    .lean<AppGrantDoc[]>();
  const live = new Set(
    (
      await models.Token.find(
        { familyId: { $in: grants.map((g) => g.familyId) }, kind: 'access', revokedAt: null },
        { familyId: 1 },
      ).lean()
    ).map((token) => token.familyId),
  );
  const byApp = new Map<string, AppGrantDoc[]>();
  for (const grant of grants) {
    if (!live.has(grant.familyId)) continue;
    byApp.set(grant.clientId, [...(byApp.get(grant.clientId) ?? []), grant]);
  }
  return { grants, byApp };
}

export async function listAuthorizedApps(
  models: AppsStore,
  ctx: RequestContext,
  page: Page,
): Promise<PlainCollection> {
  const caller = await networkCallerOf(models, ctx);
  requirePerson(caller);
  const { byApp } = await liveGrantsByApp(models, caller.networkEID, caller.profileEID);
  const appEIDs = [...byApp.keys()];
  const shown = appEIDs.slice(page.offset, page.offset + page.limit);
  const clients = await models.Client.find({ clientId: { $in: shown } }).lean<ClientDoc[]>();
  const names = new Map(clients.map((c) => [c.clientId, c.name]));
  const items: PlainResource[] = shown.map((appEID) => {
    const grants = byApp.get(appEID)!;
    return {
      type: 'authorized_app',
      EID: appEID,
      name: names.get(appEID) ?? '',
      network: { type: 'network', EID: caller.networkEID },
      scopes: [...new Set(grants.flatMap((g) => g.scope.split(' ').filter(Boolean)))],
      authorized: toTimestamp(grants[0]!.created),
      created: toTimestamp(grants[0]!.created),
    };
  });
  return collectionOf({ itemType: 'authorized_app', rel: 'authorizedApps' }, page, appEIDs.length, items);
}

/** The user's revocation: every token of the app for the caller in this network. */
export async function revokeAuthorizedApp(
  models: AppsStore,
  events: EventSink,
  ctx: RequestContext,
  appEID: string,
) {
  const caller = await networkCallerOf(models, ctx);
  requirePerson(caller);
  const { grants, byApp } = await liveGrantsByApp(models, caller.networkEID, caller.profileEID, appEID);
  if (!byApp.has(appEID)) throw new DomainError('APPS_ERR_NOT_AUTHORIZED');
  await revokeTokens(models, events, { familyId: { $in: grants.map((g) => g.familyId) } });
  await models.AppGrant.deleteMany({
    networkEID: caller.networkEID,
    profileEID: caller.profileEID,
    clientId: appEID,
  });
  await events.record('auth.authorized_app.revoked', {
    networkEID: caller.networkEID,
    actor: { type: 'user', EID: caller.profileEID },
    audience: { kind: 'people', profileEIDs: [caller.profileEID] },
    data: { app: { type: 'app', EID: appEID } },
  });
  return withStatus(204, null);
}
