/**
 * Notifications: app webhooks. Which apps installed in `ctx.networkEID` receive an
 * event type (`internalSubjects.webhookSubscribers`): their manifests' `events`. With `appEID`, that one app
 * if installed there (notifications authorizes the app's webhook routes with it). Two queries on
 * indexes starting with the network, then the client id.
 */
import {
  DomainError,
  isEid,
  type RequestContext,
  type WebhookSubscriber,
  type WebhookSubscribersReply,
} from '@ncs/contracts';
import type { AppsStore } from './dependencies.js';
import type { AppManifestDoc } from './models.js';

const MAX_APPS = 500;

export async function webhookSubscribers(
  models: AppsStore,
  ctx: RequestContext,
  body: unknown,
): Promise<WebhookSubscribersReply> {
  const { eventType, appEID } = (body ?? {}) as { eventType?: unknown; appEID?: unknown };
  const networkEID = ctx.networkEID;
  if (!isEid(networkEID)) throw new DomainError('BAD_REQUEST', 'The request names no network.');
  if (typeof eventType !== 'string' && !isEid(appEID)) {
    throw new DomainError('BAD_REQUEST', 'eventType or appEID is required.');
  }
  const installed = await models.Installation.find(
    { networkEID, ...(isEid(appEID) ? { clientId: appEID } : {}) },
    { clientId: 1 },
  )
    .limit(MAX_APPS)
    .lean();
  if (installed.length === 0) return { apps: [] };
  const manifests = await models.AppManifest.find(
    {
      clientId: { $in: installed.map((i) => i.clientId) },
      ...(typeof eventType === 'string' ? { 'events.subscriptions': eventType } : {}),
    },
    { clientId: 1, events: 1 },
  ).lean<AppManifestDoc[]>();
  const byClient = new Map(manifests.map((m) => [m.clientId, m]));
  const apps: WebhookSubscriber[] = installed.flatMap((i) => {
    const manifest = byClient.get(i.clientId);
    if (!manifest && typeof eventType === 'string') return [];
    return [
      {
        appEID: i.clientId,
        url: manifest?.events?.url ?? null,
        subscriptions: [...(manifest?.events?.subscriptions ?? [])],
      },
    ];
  });
  return { apps };
}
