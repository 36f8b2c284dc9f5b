/**
 * Paths and helpers of the directory's network operations: labels, features,
 * the subscription, e-mail settings, terms of service, sync-user and branding.
 */
import { call } from '../api.js';
import { installApp, newClient } from './core.js';

export const labelsPath = (networkEID: string, rest = '') => `/networks/${networkEID}/labels/${rest}`;
export const featuresPath = (networkEID: string, rest = '') => `/networks/${networkEID}/features/${rest}`;
export const subscriptionPath = (networkEID: string, rest = '') =>
  `/networks/${networkEID}/subscription/${rest}`;
export const emailSettingsPath = (networkEID: string, profileEID: string) =>
  `/networks/${networkEID}/users/${profileEID}/email-settings/`;
export const termsPath = (networkEID: string, rest = '') => `/networks/${networkEID}/terms/${rest}`;

/** A client-credentials token of a new app installed in the network with these permissions. */
export async function installedAppToken(networkEID: string, permissions: string[]): Promise<string> {
  const app = await newClient({ eid: true, grantTypes: ['client_credentials'] });
  await installApp(networkEID, app.clientId, permissions);
  const response = await call<{ access_token: string }>('/oauth/v2/token', {
    accept: 'application/json',
    form: { grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.secret },
  });
  if (response.status !== 200) throw new Error(`app token: ${response.status} ${response.text}`);
  return response.body.access_token;
}

/** Creates a label as an administrator; its EID. */
export async function newLabel(networkEID: string, token: string, name: string): Promise<string> {
  const created = await call<{ EID: string }>(labelsPath(networkEID), { token, json: { name } });
  if (created.status !== 201) throw new Error(`label: ${created.status} ${created.text}`);
  return created.body.EID;
}

export const syncUserPath = (networkEID: string) => `/networks/${networkEID}/sync-user`;
export const resolveLocationPath = (networkEID: string, q: string) =>
  `/networks/${networkEID}/resolve-location/?q=${encodeURIComponent(q)}`;
