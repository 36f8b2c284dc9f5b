/**
 * Notifications: app webhooks. An app whose manifest subscribes to event types with
 * `events.url` on the test's receiver, installed over HTTP; the paths of its webhook routes.
 */
import { expect } from 'vitest';
import { call } from '../api.js';
import type { WebhookReceiver } from '../webhook-receiver.js';
import { installOverHttp, minimalManifest, newApp, registerManifest, type TestApp } from './apps.js';
import { uniqueSuffix, type TestNetwork } from './core.js';

export interface WebhookApp {
  readonly app: TestApp;
  readonly appEID: string;
  readonly token: string;
  /** The receiver path its deliveries go to. */
  readonly path: string;
}

/** An app subscribed to `subscriptions`, delivering to a path of its own; installed in `networks`. */
export async function webhookApp(
  receiver: WebhookReceiver,
  subscriptions: string[],
  networks: readonly TestNetwork[],
): Promise<WebhookApp> {
  const app = await newApp({ name: 'Webhook app' });
  const path = `/hooks/${uniqueSuffix()}`;
  await registerManifest(app, { ...minimalManifest(), events: { url: receiver.urlOf(path), subscriptions } });
  for (const network of networks) await installOverHttp(network, app);
  return { app, appEID: app.clientId, token: await app.token(), path };
}

export const webhookPath = (networkEID: string, appEID: string, rest = '') =>
  `/networks/${networkEID}/apps/${appEID}/webhook${rest}`;

/** The app's secret in the network (`whsec_…`). */
export async function webhookSecret(networkEID: string, hook: WebhookApp): Promise<string> {
  const response = await call<{ secret: string }>(webhookPath(networkEID, hook.appEID, '/secret'), {
    token: hook.token,
  });
  expect(response.status, response.text).toBe(200);
  return response.body.secret;
}

/** Creates a group over HTTP as the network's administrator (a `group.created` event). */
export async function newGroup(network: TestNetwork, name = `Group ${uniqueSuffix()}`): Promise<string> {
  const response = await call<{ EID: string }>(`/networks/${network.networkEID}/groups/`, {
    token: await network.admin.token(),
    json: { name },
  });
  expect(response.status, response.text).toBe(201);
  return response.body.EID;
}

export interface DeliveryBody {
  EID: string;
  msgId: string;
  eventType: string;
  eventId: string;
  status: string;
  numAttempts: number;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  attempts?: { trigger: string; statusCode: number | null; durationMs: number; error: string | null }[];
}

export async function deliveriesOf(networkEID: string, hook: WebhookApp, query = '') {
  const response = await call<{ total: number; _embedded: { deliveries: DeliveryBody[] } }>(
    webhookPath(networkEID, hook.appEID, `/deliveries/${query}`),
    { token: hook.token },
  );
  expect(response.status, response.text).toBe(200);
  return response.body;
}

/** Polls one delivery until `done` holds (15 s at most). */
export async function waitForDelivery(
  networkEID: string,
  hook: WebhookApp,
  deliveryEID: string,
  done: (d: DeliveryBody) => boolean,
): Promise<DeliveryBody> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await call<DeliveryBody>(
      webhookPath(networkEID, hook.appEID, `/deliveries/${deliveryEID}`),
      {
        token: hook.token,
      },
    );
    expect(response.status, response.text).toBe(200);
    if (done(response.body) || Date.now() > deadline) return response.body;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
