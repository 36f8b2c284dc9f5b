/**
 * Devices, push and white-label app factories: paths, registering a device, creating a white-label
 * app, and reading what the FCM stand-in (tests/support/push-provider.ts) received for a token.
 */
import { stack } from '../stack.js';
import { call, mediaType } from '../api.js';
import { uniqueSuffix } from './core.js';
import { messagesPath } from './messages.js';

export const devicesPath = (networkEID: string, rest = '') => `/networks/${networkEID}/my-devices/${rest}`;
export const pushDebugPath = (networkEID: string) => `/networks/${networkEID}/push-notifications/debug/`;
export const whitelabelPath = (networkEID: string, rest = '') =>
  `/networks/${networkEID}/whitelabel-apps/${rest}`;

export interface DeviceBody {
  type: 'device';
  EID: string;
  notificationProvider: string;
  platform: string;
  pushTokenEnd: string;
  whitelabelApp: { type: string; EID: string } | null;
  created: string;
  _links: Record<string, { href: string }>;
}

export interface DeliveryBody {
  device: { type: string; EID: string };
  pushTokenEnd: string;
  messageType: string;
  status: string;
  providerCode: string;
  attempts: number;
  at: string;
}

export interface PushDebugBody {
  type: 'push_debug';
  devices: DeviceBody[];
  deliveries: DeliveryBody[];
}

export interface WhitelabelAppBody {
  type: 'whitelabel_app';
  EID: string;
  projectId: string;
  notificationProvider: string;
  notificationProviderVersion: string;
  platform: string;
  downloadUrl: string;
  numNetworks: number;
  appStoreUrl?: string | null;
  googlePlayUrl?: string | null;
  created: string;
  _links: Record<string, { href: string }>;
}

/** A push token the stand-in answers by its prefix (`dead`, `invalid`, `flaky`, `throttled`, `ok`). */
export const pushToken = (prefix = 'ok') => `${prefix}-${uniqueSuffix()}${uniqueSuffix()}:APA91b`;

/** Registers a device for the token's owner; throws unless 201. */
export async function registerDevice(
  networkEID: string,
  token: string,
  fields: { pushToken?: string; platform?: string; whitelabelApp?: { EID: string } } = {},
): Promise<DeviceBody> {
  const answer = await call<DeviceBody>(devicesPath(networkEID), {
    token,
    json: {
      notificationProvider: 'fcm',
      pushToken: fields.pushToken ?? pushToken(),
      platform: 'android',
      ...fields,
    },
  });
  if (answer.status !== 201) throw new Error(`device: ${answer.status} ${answer.text}`);
  return answer.body;
}

export const whitelabelFields = (projectId = `app-${uniqueSuffix()}`) => ({
  projectId,
  notificationProvider: 'fcm',
  notificationProviderVersion: 'v1',
  platform: 'android',
  downloadUrl: 'https://apps.example/download',
});

/** Creates a white-label app as a network admin; throws unless 201. */
export async function newWhitelabelApp(
  networkEID: string,
  adminToken: string,
  fields: Record<string, unknown> = whitelabelFields(),
  version?: string,
): Promise<WhitelabelAppBody> {
  const answer = await call<WhitelabelAppBody>(whitelabelPath(networkEID), {
    token: adminToken,
    json: fields,
    ...(version ? { accept: mediaType(version) } : {}),
  });
  if (answer.status !== 201) throw new Error(`whitelabel app: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** Mentions `profileEID` in an update posted by `authorToken`: the recipient gets a `mention` alert. */
export async function mention(networkEID: string, authorToken: string, profileEID: string): Promise<string> {
  const posted = await call<{ EID: string }>(messagesPath(networkEID), {
    token: authorToken,
    json: { type: 'update', htmlBody: '<p>Hi</p>', mentions: [{ type: 'user', EID: profileEID }] },
  });
  if (posted.status !== 201) throw new Error(`mention: ${posted.status} ${posted.text}`);
  return posted.body.EID;
}

export interface ReceivedPush {
  projectId: string;
  token: string;
  data: Record<string, string>;
  status: number;
  at: number;
}

/** What the FCM stand-in received for `token`, in order. */
export async function receivedPushes(token: string): Promise<ReceivedPush[]> {
  const response = await fetch(`${stack().pushProviderUrl}/received?token=${encodeURIComponent(token)}`);
  return (await response.json()) as ReceivedPush[];
}

/** Reads until `done` holds (15 s at most); the last read when the time is up. */
export async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The caller's push diagnostics; throws unless 200. */
export async function pushDebugOf(networkEID: string, token: string): Promise<PushDebugBody> {
  const answer = await call<PushDebugBody>(pushDebugPath(networkEID), { token });
  if (answer.status !== 200) throw new Error(`push debug: ${answer.status} ${answer.text}`);
  return answer.body;
}
