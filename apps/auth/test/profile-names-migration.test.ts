/**
 * The start-up migration of profile names against the real store: data written before
 * names moved to the profile (profiles without `firstName`) gets the account's names in ACTIVE
 * profiles only, empty names in pending ones, and a second start changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger, createServiceRuntime, type RuntimeHandle } from '@ncs/service-kit';
import { buildAuthService } from '../src/app.js';
import { loadAuthConfig } from '../src/config.js';
import type { AuthModels } from '../src/models.js';

const config = loadAuthConfig({ DEMO_DATA: 'false' });
let runtime: RuntimeHandle;
let models: AuthModels;

beforeAll(async () => {
  runtime = await createServiceRuntime({
    service: 'auth',
    natsUrl: inject('natsUrl'),
    mongoUrl: inject('mongoUrl'),
    dbName: `auth_migration_${randomBytes(4).toString('hex')}`,
    rpcTimeoutMs: 10_000,
    logger: createLogger({ service: 'auth', level: 'silent' }),
  });
  models = buildAuthService(runtime, config).models;
});

afterAll(async () => {
  await runtime?.db.dropDatabase();
  await runtime?.close();
});

/** A profile as an older version wrote it: no names, no language (raw insert, no schema defaults). */
async function oldProfile(accountId: string, userState: string) {
  const networkEID = randomBytes(12).toString('hex');
  const { insertedId } = await models.Profile.collection.insertOne({
    networkEID,
    accountId,
    role: 'member',
    userState,
    created: new Date(),
    lastModified: new Date(),
  });
  return String(insertedId);
}

const namesOf = async (profileEID: string) =>
  models.Profile.findById(profileEID, { firstName: 1, lastName: 1, language: 1 }).lean();

describe('migrateProfileNames at start-up', () => {
  it('copies account names into active profiles only, and is idempotent', async () => {
    const [account] = await models.Account.insertMany([
      {
        email: `old-${randomBytes(3).toString('hex')}@x.example`,
        firstName: 'Olga',
        lastName: 'Old',
        language: 'nl',
      },
    ]);
    const accountId = String(account!._id);
    const active = await oldProfile(accountId, 'active');
    const pending = await oldProfile(accountId, 'pending');
    const suspended = await oldProfile(accountId, 'suspended');

    await buildAuthService(runtime, config).start?.();
    expect(await namesOf(active)).toMatchObject({ firstName: 'Olga', lastName: 'Old', language: 'nl' });
    for (const eid of [pending, suspended]) {
      const profile = await namesOf(eid);
      expect(profile).toMatchObject({ firstName: '', lastName: '' });
      expect(profile?.language ?? null).toBeNull();
    }

    // The pending membership is accepted, the account renamed: a second start changes nothing.
    await models.Profile.updateOne({ _id: pending }, { $set: { userState: 'active' } });
    await models.Account.updateOne({ _id: accountId }, { $set: { firstName: 'Renamed' } });
    await models.Profile.updateOne({ _id: active }, { $set: { firstName: 'Chosen in network' } });
    await buildAuthService(runtime, config).start?.();
    expect(await namesOf(pending)).toMatchObject({ firstName: '', lastName: '' });
    expect(await namesOf(active)).toMatchObject({ firstName: 'Chosen in network', lastName: 'Old' });
  });
});
