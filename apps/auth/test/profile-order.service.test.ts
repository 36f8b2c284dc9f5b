/**
 * Profiles are listed by `_id` as the order of creation, so the upsert that creates a
 * membership must make the `_id` itself — a store may make upserted ids in any order
 * (mongo-java-server makes random ones). On such a store this fails without the service's `_id`.
 */
import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ensureAccount, ensureMembership, ensureNetwork } from '../src/directory/provisioning.js';
import { type AuthModels, registerAuthModels } from '../src/models.js';

let connection: mongoose.Connection;
let models: AuthModels;
const unique = () => randomBytes(4).toString('hex');

beforeAll(async () => {
  connection = await mongoose
    .createConnection(inject('mongoUrl'), { dbName: `auth_profile_order_${unique()}` })
    .asPromise();
  models = registerAuthModels(connection);
});

afterAll(async () => {
  await connection?.dropDatabase();
  await connection?.close();
});

describe('profiles made by the membership upsert', () => {
  it('sort by _id in the order they were created', async () => {
    const network = await ensureNetwork(models, { subdomain: `order-${unique()}`, name: 'Order' });
    const networkEID = String(network._id);
    const created: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      const accountId = await ensureAccount(models, {
        email: `order-${unique()}@example.com`,
        password: 'a-long-enough-password',
        firstName: 'Ada',
        lastName: `Order ${index}`,
      });
      created.push(await ensureMembership(models, { networkEID, accountId, role: 'member' }));
    }
    const listed = await models.Profile.find({ networkEID }, { _id: 1 }).sort({ _id: 1 }).lean();
    expect(listed.map((profile) => String(profile._id))).toEqual(created);
  });
});
