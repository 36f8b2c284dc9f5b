/**
 * Test setup for the directory that has no API: network features, bots, emailless accounts,
 * stored role variants, profile states and timestamps, and tokens bound to one network (as the
 * authorization-code flow issues them), written to the real store through the auth models.
 */
import { randomUUID } from 'node:crypto';
import type { StoredRole } from '@ncs/contracts';
import {
  ensureAccount,
  ensureEmaillessAccount,
  ensureMembership,
  newOpaqueToken,
  sha256,
} from '@ncs/auth/testing';
import { call, passwordGrant } from '../api.js';
import { authModels, uniqueSuffix, type TestNetwork } from './core.js';

/** Sets the network's `features` (e.g. `personal_timeline`, `video`, `market`). */
export async function setNetworkFeatures(networkEID: string, features: readonly string[]): Promise<void> {
  const m = await authModels();
  await m.Network.updateOne({ _id: networkEID }, { $set: { features: [...features] } });
}

/** Stores a role as is (administrator variants such as `network_manager` have no API before 1.4.8 here). */
export async function setStoredRole(profileEID: string, role: StoredRole): Promise<void> {
  const m = await authModels();
  await m.Profile.updateOne({ _id: profileEID }, { $set: { role } });
}

export async function setUserState(
  profileEID: string,
  userState: 'active' | 'pending' | 'suspended' | 'deleted',
): Promise<void> {
  const m = await authModels();
  await m.Profile.updateOne({ _id: profileEID }, { $set: { userState } });
}

/** Sets `lastModified` of profiles without touching it otherwise (for `modified_since`). */
export async function setLastModified(profileEIDs: readonly string[], at: Date): Promise<void> {
  const m = await authModels();
  await m.Profile.updateMany(
    { _id: { $in: [...profileEIDs] } },
    { $set: { lastModified: at } },
    { timestamps: false },
  );
}

/** Stored profile fields that have no API, or a past value no API accepts (e.g. an expired work status). */
export async function setProfileFields(profileEID: string, fields: Record<string, unknown>): Promise<void> {
  const m = await authModels();
  await m.Profile.updateOne({ _id: profileEID }, { $set: fields });
}

export interface TestBot {
  readonly profileEID: string;
}

/** A bot member of the network (`isBot` is read-only in the API). */
export async function newBot(network: TestNetwork): Promise<TestBot> {
  const m = await authModels();
  const accountId = await ensureAccount(m, {
    email: `bot-${uniqueSuffix()}@${network.subdomain}.example`,
    password: `pw-${uniqueSuffix()}-${uniqueSuffix()}`,
    firstName: 'Bot',
    lastName: 'Helper',
  });
  const profileEID = await ensureMembership(m, { networkEID: network.networkEID, accountId, role: 'member' });
  await m.Profile.updateOne({ _id: profileEID }, { $set: { isBot: true } });
  return { profileEID };
}

export interface EmaillessPerson {
  readonly username: string;
  readonly password: string;
  readonly profileEID: string;
  token(password?: string): Promise<string>;
}

/** A member whose account has no e-mail address and signs in with a username (as a directory sync provisions). */
export async function newEmaillessMember(network: TestNetwork): Promise<EmaillessPerson> {
  const m = await authModels();
  const username = `staff-${uniqueSuffix()}`;
  const password = `pw-${uniqueSuffix()}-${uniqueSuffix()}`;
  const accountId = await ensureEmaillessAccount(m, {
    username,
    password,
    firstName: 'Emma',
    lastName: 'Less',
  });
  const profileEID = await ensureMembership(m, { networkEID: network.networkEID, accountId, role: 'member' });
  return {
    username,
    password,
    profileEID,
    token: async (pw = password) => {
      const response = await passwordGrant(username, pw);
      if (response.status !== 200)
        throw new Error(`token for ${username}: ${response.status} ${response.text}`);
      return response.body.access_token;
    },
  };
}

/**
 * An access token bound to one network, as the authorization-code flow issues it (no expiry),
 * stored directly: the browser flow itself is tested by the OAuth tests.
 */
export async function networkBoundToken(
  email: string,
  networkEID: string,
  clientId: string,
  // Directory: `null` for a token no scope restricts (only its network limits it).
  scope: string | null = 'profile.basic.read',
): Promise<string> {
  const m = await authModels();
  const account = await m.Account.findOne({ email: email.toLowerCase() }, { _id: 1 }).lean();
  if (!account) throw new Error(`no account ${email}`);
  const token = newOpaqueToken();
  await m.Token.insertMany([
    {
      hash: sha256(token),
      kind: 'access',
      accountId: String(account._id),
      clientId,
      familyId: randomUUID(),
      grantType: 'authorization_code',
      networkEID,
      scope,
      expiresAt: null,
    },
  ]);
  return token;
}

/** Sets a profile's XID over HTTP as an administrator of its network. */
export async function setXid(network: TestNetwork, profileEID: string, xid: string): Promise<void> {
  const response = await call(`/networks/${network.networkEID}/users/${profileEID}/`, {
    method: 'PUT',
    token: await network.admin.token(),
    json: { XID: xid },
  });
  if (response.status !== 200) throw new Error(`XID: ${response.status} ${response.text}`);
}

/** Polls `request` until `done` holds for its status, for at most `ms`; returns the last status. */
export async function statusWithin(
  request: () => Promise<{ status: number }>,
  done: (status: number) => boolean,
  ms: number,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    const { status } = await request();
    if (done(status) || Date.now() - started > ms) return status;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
