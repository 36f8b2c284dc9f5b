/**
 * Helpers of the group-operations tests: app tokens with chosen application
 * permissions, and the paths of membership requests.
 */
import { call } from '../api.js';
import { authModels, installApp, newClient } from './core.js';
import { groupsPath } from './groups.js';

/** A client-credentials token of a new app installed in the network with `permissions`. */
export async function appTokenWith(networkEID: string, permissions: string[]): Promise<string> {
  const app = await newClient({ eid: true, grantTypes: ['client_credentials'] });
  await installApp(networkEID, app.clientId, permissions);
  const response = await call<{ access_token: string }>('/oauth/v2/token', {
    accept: 'application/json',
    form: { grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.secret },
  });
  if (response.status !== 200) throw new Error(`app token: ${response.status} ${response.text}`);
  return response.body.access_token;
}

export const requestsPath = (networkEID: string, groupEID: string, rest = '') =>
  groupsPath(networkEID, `${groupEID}/membership-requests/${rest}`);

/** A pending membership request written straight to the store (fixtures that HTTP cannot make). */
export async function storeMembershipRequest(networkEID: string, groupEID: string, profileEID: string) {
  const models = await authModels();
  await models.GroupMembershipRequest.updateOne(
    { networkEID, groupEID, profileEID },
    { $setOnInsert: { message: null } },
    { upsert: true },
  );
}

/** Marks a membership as made by an organisational sync (the sync itself is not built yet). */
export async function lockMembership(
  networkEID: string,
  groupEID: string,
  profileEID: string,
  lockedBy: string,
) {
  const models = await authModels();
  await models.GroupMembership.updateOne({ networkEID, groupEID, profileEID }, { $set: { lockedBy } });
}
