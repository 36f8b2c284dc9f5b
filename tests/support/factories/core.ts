/**
 * Test data factories: each test builds its own networks and people through the auth service's
 * own provisioning code, written to the real store, so tests never depend on each other. This file
 * holds what every area needs (networks, people, OAuth clients, installations, the auth models);
 * each area's own factories sit beside it (`apps.ts`, `directory.ts`, `groups.ts`, `kb.ts`, …).
 */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import {} from 'vitest';
import {
  ensureAccount,
  ensureClient,
  ensureMembership,
  ensureNetwork,
  installApp as installAppInStore,
  registerAuthModels,
  setSecretHashCost,
  type AuthModels,
} from '@ncs/auth/testing';
import { tokenFor } from '../api.js';
import { stack } from '../stack.js';

// The people made here sign in through the stack, which hashes at this cost too (tests/setup/stack.ts).
setSecretHashCost(10);

let models: Promise<{ connection: mongoose.Connection; models: AuthModels }> | undefined;

function authStore() {
  models ??= (async () => {
    const connection = await mongoose.createConnection(stack().mongoUrl, { dbName: 'ncs_auth' }).asPromise();
    return { connection, models: registerAuthModels(connection) };
  })();
  return models;
}

/** The auth service's models on the test store, for setup that has no API (e.g. network features). */
export async function authModels(): Promise<AuthModels> {
  return (await authStore()).models;
}

export async function closeFactories(): Promise<void> {
  if (models) await (await models).connection.close();
  models = undefined;
}

export const uniqueSuffix = () => randomBytes(4).toString('hex');

export interface TestPerson {
  readonly email: string;
  readonly password: string;
  readonly profileEID: string;
  token(): Promise<string>;
  /** Sets the membership's userState to `suspended`, as an admin would. */
  suspend(): Promise<void>;
}

export interface TestNetwork {
  readonly networkEID: string;
  readonly subdomain: string;
  readonly admin: TestPerson;
  newMember(options?: { role?: 'admin' | 'member'; external?: boolean }): Promise<TestPerson>;
}

export async function newNetwork(name = 'Test network'): Promise<TestNetwork> {
  const { models: m } = await authStore();
  const subdomain = `t-${uniqueSuffix()}`;
  const network = await ensureNetwork(m, { subdomain, name });
  const networkEID = String(network._id);
  const newMember = async (
    options: { role?: 'admin' | 'member'; external?: boolean } = {},
  ): Promise<TestPerson> => {
    const email = `p-${uniqueSuffix()}@${subdomain}.example`;
    const password = `pw-${uniqueSuffix()}-${uniqueSuffix()}`;
    const accountId = await ensureAccount(m, { email, password, firstName: 'Test', lastName: 'Person' });
    const profileEID = await ensureMembership(m, {
      networkEID,
      accountId,
      role: options.role ?? 'member',
      firstName: 'Test',
      lastName: 'Person',
      ...(options.external !== undefined ? { external: options.external } : {}),
    });
    return {
      email,
      password,
      profileEID,
      token: () => tokenFor(email, password),
      suspend: async () => {
        await m.Profile.updateOne({ _id: profileEID }, { $set: { userState: 'suspended' } });
      },
    };
  };
  const admin = await newMember({ role: 'admin' });
  return { networkEID, subdomain, admin, newMember };
}

/**
 * Registers an OAuth client (not first-party unless asked). With `eid: true` the client id is a
 * 24-hex app EID, as for third-party apps.
 */
export async function newClient(
  options: {
    firstParty?: boolean;
    grantTypes?: string[];
    redirectUris?: string[];
    name?: string;
    eid?: boolean;
  } = {},
) {
  const { models: m } = await authStore();
  const clientId = options.eid ? randomBytes(12).toString('hex') : `client-${uniqueSuffix()}`;
  const secret = `secret-${uniqueSuffix()}${uniqueSuffix()}`;
  await ensureClient(m, {
    clientId,
    name: options.name ?? 'Test client',
    secret,
    firstParty: options.firstParty ?? false,
    grantTypes: options.grantTypes ?? ['password', 'refresh_token'],
    ...(options.redirectUris ? { redirectUris: options.redirectUris } : {}),
  });
  return { clientId, secret };
}

/** Installs an app in a network (what its client-credentials tokens may touch). */
export async function installApp(
  networkEID: string,
  clientId: string,
  permissions?: string[],
): Promise<void> {
  const { models: m } = await authStore();
  await installAppInStore(m, { networkEID, clientId, ...(permissions ? { permissions } : {}) });
}

/** Makes an existing person (by email) an active member of another network too. */
export async function addToNetwork(email: string, networkEID: string): Promise<void> {
  const { models: m } = await authStore();
  const account = await m.Account.findOne({ email: email.toLowerCase() }, { _id: 1 }).lean();
  if (!account) throw new Error(`no account ${email}`);
  await ensureMembership(m, { networkEID, accountId: String(account._id), role: 'member' });
}
