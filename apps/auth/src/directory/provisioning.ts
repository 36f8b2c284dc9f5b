/**
 * Creating networks, accounts, memberships and OAuth clients. Used by the demo data and by test
 * factories; each operation is idempotent on its natural key (subdomain, email, client id).
 */
import type { StoredRole } from '@ncs/contracts';
import { isDuplicateKeyError } from '@ncs/service-kit';
import { Types } from 'mongoose';
import type { DirectoryStore } from './dependencies.js';
import { hashSecret } from '../core/secrets.js';
import type { NetworkDoc } from '../core/models.js';

export async function ensureNetwork(
  models: DirectoryStore,
  input: { subdomain: string; name: string; description?: string },
): Promise<NetworkDoc> {
  const existing = await models.Network.findOne({ subdomain: input.subdomain }).lean<NetworkDoc>();
  if (existing) return existing;
  return retryOnDuplicate(
    async () => (await models.Network.create(input)).toObject() as NetworkDoc,
    async () => models.Network.findOne({ subdomain: input.subdomain }).lean<NetworkDoc>(),
  );
}

export async function ensureAccount(
  models: DirectoryStore,
  input: { email: string; password: string; firstName: string; lastName: string },
): Promise<string> {
  const email = input.email.toLowerCase();
  const existing = await models.Account.findOne({ email }, { _id: 1 }).lean();
  if (existing) return String(existing._id);
  const passwordHash = await hashSecret(input.password);
  const account = await retryOnDuplicate(
    async () => (await models.Account.create({ ...input, email, passwordHash })).toObject(),
    async () => models.Account.findOne({ email }).lean(),
  );
  return String(account._id);
}

/**
 * The sign-in name of the password grant: an e-mail address (it has an `@`), or the username of
 * an emailless account. Usernames never contain `@`, so the two cannot be confused.
 */
export function signInNameFilter(name: string): { email: string } | { username: string } {
  const normalised = name.trim().toLowerCase();
  return normalised.includes('@') ? { email: normalised } : { username: normalised };
}

/**
 * An emailless account: it signs in with `username` (e.g. the staff number a directory sync
 * provisions) and has no e-mail address. Idempotent on the username.
 */
export async function ensureEmaillessAccount(
  models: DirectoryStore,
  input: { username: string; password: string; firstName: string; lastName: string },
): Promise<string> {
  const username = input.username.toLowerCase();
  const existing = await models.Account.findOne({ username }, { _id: 1 }).lean();
  if (existing) return String(existing._id);
  const passwordHash = await hashSecret(input.password);
  const account = await retryOnDuplicate(
    async () => (await models.Account.create({ ...input, username, passwordHash })).toObject(),
    async () => models.Account.findOne({ username }).lean(),
  );
  return String(account._id);
}

export async function ensureMembership(
  models: DirectoryStore,
  input: {
    networkEID: string;
    accountId: string;
    role: StoredRole;
    external?: boolean;
    jobTitle?: string;
    /** The person's names and language in this network (a profile never takes the account's). */
    firstName?: string;
    lastName?: string;
    language?: string;
  },
): Promise<string> {
  const profile = await models.Profile.findOneAndUpdate(
    { networkEID: input.networkEID, accountId: input.accountId },
    {
      $setOnInsert: {
        // Made here, not by the store: lists of profiles sort by `_id` as the order of creation, and a
        // store may make upserted ids in any order (mongo-java-server does).
        _id: new Types.ObjectId(),
        role: input.role,
        external: input.external ?? false,
        jobTitle: input.jobTitle ?? '',
        firstName: input.firstName ?? '',
        lastName: input.lastName ?? '',
        language: input.language ?? null,
      },
    },
    { upsert: true, returnDocument: 'after' },
  ).lean();
  return String(profile._id);
}

export async function ensureClient(
  models: DirectoryStore,
  input: {
    clientId: string;
    name: string;
    secret: string;
    firstParty: boolean;
    grantTypes: string[];
    /** The app manifest's redirect URIs (authorization-code flow), compared as exact strings. */
    redirectUris?: string[];
  },
): Promise<void> {
  if (await models.Client.exists({ clientId: input.clientId })) return;
  const secretHash = await hashSecret(input.secret);
  const { secret: _secret, ...fields } = input;
  await retryOnDuplicate(
    async () => models.Client.create({ ...fields, secretHash }),
    async () => models.Client.findOne({ clientId: input.clientId }),
  );
}

/** Installs an app in a network: its client-credentials tokens may then act there. */
export async function installApp(
  models: DirectoryStore,
  input: { networkEID: string; clientId: string; permissions?: string[] },
): Promise<void> {
  await models.Installation.updateOne(
    { networkEID: input.networkEID, clientId: input.clientId },
    { $setOnInsert: { permissions: input.permissions ?? [] } },
    { upsert: true },
  );
}

/** Two instances starting at once may both insert: the loser reads what the winner wrote. */
async function retryOnDuplicate<T>(create: () => Promise<T>, read: () => Promise<T | null>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
    const existing = await read();
    if (!existing) throw error;
    return existing;
  }
}
