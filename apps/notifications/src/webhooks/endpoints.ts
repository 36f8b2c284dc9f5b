/**
 * Notifications: app webhooks. The endpoint of an app in a network: made on first need
 * (a delivery, or the app reading it) with a new secret, unique per app and network; who may read
 * it (the app itself, installed in the network: auth says so; anyone else 404); its state and
 * secret as the app reads them; re-enabling and rotating the secret.
 */
import {
  DomainError,
  internalSubjects,
  toTimestamp,
  type PlainResource,
  type RequestContext,
  type WebhookSubscriber,
} from '@ncs/contracts';
import { isDuplicateKeyError, withStatus, type RpcClient } from '@ncs/service-kit';
import type { WebhookEndpointDoc, WebhookModels } from './models.js';
import { newWebhookSecret, type SecretBox } from './signing.js';

export interface WebhookStore {
  readonly models: WebhookModels;
  readonly box: SecretBox;
}

export interface WebhookCaller {
  readonly networkEID: string;
  readonly app: WebhookSubscriber;
}

const ownerOf = (networkEID: string, appEID: string) => `${networkEID}/${appEID}`;

/** The endpoint of the app in the network, made (with its secret) if it does not exist yet. */
export async function ensureEndpoint(store: WebhookStore, networkEID: string, appEID: string) {
  const key = { networkEID, appEID };
  const found = await store.models.Endpoint.findOne(key).lean<WebhookEndpointDoc>();
  if (found) return found;
  const now = new Date();
  try {
    const secret = store.box.seal(newWebhookSecret(), ownerOf(networkEID, appEID));
    return (
      await store.models.Endpoint.create({ ...key, secret, secretCreated: now, created: now })
    ).toObject();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    return (await store.models.Endpoint.findOne(key).lean<WebhookEndpointDoc>())!;
  }
}

export const openSecret = (store: WebhookStore, endpoint: WebhookEndpointDoc) =>
  store.box.open(endpoint.secret, ownerOf(endpoint.networkEID, endpoint.appEID));

/** The app itself (its own token), installed in the request's network; anyone else: 404. */
export async function webhookCallerOf(
  rpc: RpcClient,
  ctx: RequestContext,
  appEID: string,
): Promise<WebhookCaller> {
  const principal = ctx.principal;
  const networkEID = ctx.networkEID;
  if (!networkEID || !principal || principal.profileEID || principal.accountId || principal.appEID !== appEID)
    throw new DomainError('WEBHOOKS_ERR_NOT_FOUND');
  const reply = await rpc.request(internalSubjects.webhookSubscribers, {
    ctx,
    body: { appEID },
  });
  const app = reply.apps.find((a) => a.appEID === appEID);
  if (!app) throw new DomainError('WEBHOOKS_ERR_NOT_FOUND');
  return { networkEID, app };
}

const appRef = (appEID: string) => ({ type: 'app', EID: appEID });
const timeOrNull = (date: Date | null | undefined) => (date ? toTimestamp(date) : null);

function presentEndpoint(doc: WebhookEndpointDoc, app: WebhookSubscriber): PlainResource {
  return {
    type: 'webhook_endpoint',
    EID: String(doc._id),
    app: appRef(doc.appEID),
    url: app.url,
    subscriptions: [...app.subscriptions],
    enabled: doc.enabled,
    failingSince: timeOrNull(doc.failingSince),
    disabledAt: timeOrNull(doc.disabledAt),
    created: toTimestamp(doc.created),
  };
}

export async function getEndpoint(store: WebhookStore, caller: WebhookCaller) {
  return presentEndpoint(await ensureEndpoint(store, caller.networkEID, caller.app.appEID), caller.app);
}

/** Enabled again, its failure clock cleared; deliveries made from now on are sent. */
export async function enableEndpoint(store: WebhookStore, caller: WebhookCaller) {
  await ensureEndpoint(store, caller.networkEID, caller.app.appEID);
  await store.models.Endpoint.updateOne(
    { networkEID: caller.networkEID, appEID: caller.app.appEID },
    { $set: { enabled: true, failingSince: null, disabledAt: null } },
  );
  return getEndpoint(store, caller);
}

function presentSecret(store: WebhookStore, doc: WebhookEndpointDoc): PlainResource {
  return {
    type: 'webhook_secret',
    EID: String(doc._id),
    app: appRef(doc.appEID),
    secret: openSecret(store, doc),
    created: toTimestamp(doc.secretCreated),
  };
}

export async function getSecret(store: WebhookStore, caller: WebhookCaller) {
  return presentSecret(store, await ensureEndpoint(store, caller.networkEID, caller.app.appEID));
}

export async function rotateSecret(store: WebhookStore, caller: WebhookCaller) {
  const { networkEID } = caller;
  const appEID = caller.app.appEID;
  await ensureEndpoint(store, networkEID, appEID);
  const secret = store.box.seal(newWebhookSecret(), ownerOf(networkEID, appEID));
  await store.models.Endpoint.updateOne(
    { networkEID, appEID },
    { $set: { secret, secretCreated: new Date() } },
  );
  const doc = await store.models.Endpoint.findOne({ networkEID, appEID }).lean<WebhookEndpointDoc>();
  return withStatus(201, presentSecret(store, doc!));
}
