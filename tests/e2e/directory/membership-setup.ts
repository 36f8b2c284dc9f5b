/**
 * What the network membership tests share (membership-roles.test.ts,
 * membership-suspension-and-events.test.ts, membership-invitations.test.ts): the shapes of answers
 * and pages, an app token with permissions, and the path of the users collection.
 */
import { call } from '../../support/api.js';
import { installApp, newClient, type TestNetwork } from '../../support/factories/core.js';

export type Body = Record<string, unknown> & {
  code?: number;
  errors?: { pointer: string; message: string }[];
};
export interface Collection<T = Body> {
  total: number;
  _embedded: { users: T[]; roles: T[]; invitations: T[] };
}

export async function appToken(networkEID: string, permissions: string[]) {
  const app = await newClient({ eid: true, grantTypes: ['client_credentials'] });
  await installApp(networkEID, app.clientId, permissions);
  const response = await call<{ access_token: string }>('/oauth/v2/token', {
    accept: 'application/json',
    form: { grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.secret },
  });
  return response.body.access_token;
}

export const usersPath = (network: TestNetwork, rest = '') => `/networks/${network.networkEID}/users/${rest}`;
