/**
 * `numImpreciseActiveMembersCount` does not count a large network's members on every
 * read. Exact and current up to PRECISE_UP_TO members; above, the full count is reused for a minute.
 */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { activeMembersCount, PRECISE_UP_TO } from '../src/directory/member-count.js';
import { type AuthModels, registerAuthModels } from '../src/models.js';

let connection: mongoose.Connection;
let models: AuthModels;
const unique = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  connection = await mongoose
    .createConnection(inject('mongoUrl'), { dbName: `auth_member_count_${unique()}` })
    .asPromise();
  models = registerAuthModels(connection);
  // The unique indexes in place first, as in the service, so the rows below must satisfy them.
  await models.Profile.syncIndexes();
});

afterAll(async () => {
  await connection?.dropDatabase();
  await connection?.close();
});

/** Raw member rows: what the count reads, and the account each membership is unique by. */
async function addMembers(networkEID: string, count: number, userState = 'active') {
  const rows = Array.from({ length: count }, () => ({
    networkEID,
    userState,
    accountId: new mongoose.Types.ObjectId(),
  }));
  await models.Profile.collection.insertMany(rows);
}

describe('the active members count of a network', () => {
  it('is exact and current for a small network', async () => {
    const networkEID = unique();
    await addMembers(networkEID, 3);
    await addMembers(networkEID, 2, 'suspended');
    await addMembers(unique(), 4); // another network's
    expect(await activeMembersCount(models, networkEID)).toBe(3);
    await models.Profile.collection.updateOne(
      { networkEID, userState: 'active' },
      { $set: { userState: 'suspended' } },
    );
    expect(await activeMembersCount(models, networkEID)).toBe(2);
  });

  it('reuses a large network’s full count for a minute, then counts again', async () => {
    const networkEID = unique();
    await addMembers(networkEID, PRECISE_UP_TO + 5);
    let clock = 1_000_000;
    const now = () => clock;
    expect(await activeMembersCount(models, networkEID, now)).toBe(PRECISE_UP_TO + 5);
    await addMembers(networkEID, 20);
    clock += 30_000;
    expect(await activeMembersCount(models, networkEID, now)).toBe(PRECISE_UP_TO + 5);
    clock += 31_000;
    expect(await activeMembersCount(models, networkEID, now)).toBe(PRECISE_UP_TO + 25);
  });
});
