/**
 * `lockedBy` on group memberships: a membership an organisational sync made cannot be
 * removed (not even by leaving) or have its role changed by hand, by group or network admins: 409
 * -242 naming lockedBy; the membership resource shows it; unlocked memberships are unaffected.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { lockMembership } from '../../support/factories/group-ops.js';
import { addMember, membersPath, newGroup, type MembershipBody } from '../../support/factories/groups.js';

afterAll(closeFactories);

describe('a locked membership', () => {
  it('shows lockedBy and refuses removal and role changes by hand (409 -242)', async () => {
    const network = await newNetwork();
    const owner = await network.newMember();
    const token = await owner.token();
    const group = await newGroup(network.networkEID, token);
    const [synced, manual] = [await network.newMember(), await network.newMember()];
    const added = await addMember(network.networkEID, group.EID, token, synced.profileEID);
    expect(added.lockedBy).toBeNull();
    await addMember(network.networkEID, group.EID, token, manual.profileEID);
    await lockMembership(network.networkEID, group.EID, synced.profileEID, 'hr-sync');
    const one = membersPath(network.networkEID, group.EID, `${synced.profileEID}/`);

    const read = await call<MembershipBody>(one, { token });
    expect([read.status, read.body.lockedBy]).toEqual([200, 'hr-sync']);
    for (const caller of [token, await network.admin.token()]) {
      const demoted = await call<MembershipBody>(one, {
        token: caller,
        method: 'PUT',
        json: { role: 'admin' },
      });
      expect([demoted.status, demoted.body.code]).toEqual([409, -242]);
      expect(JSON.stringify(demoted.body)).toContain('hr-sync');
      const removed = await call<MembershipBody>(one, { token: caller, method: 'DELETE' });
      expect([removed.status, removed.body.code]).toEqual([409, -242]);
    }
    const left = await call<MembershipBody>(one, { token: await synced.token(), method: 'DELETE' });
    expect([left.status, left.body.code]).toEqual([409, -242]);
    expect((await call<MembershipBody>(one, { token })).body).toMatchObject({
      role: 'member',
      lockedBy: 'hr-sync',
    });

    const other = membersPath(network.networkEID, group.EID, `${manual.profileEID}/`);
    expect((await call(other, { token, method: 'PUT', json: { role: 'admin' } })).status).toBe(200);
    expect((await call(other, { token, method: 'DELETE' })).status).toBe(204);
  });

  it('is 404 from another network', async () => {
    const network = await newNetwork();
    const owner = await network.newMember();
    const group = await newGroup(network.networkEID, await owner.token());
    await lockMembership(network.networkEID, group.EID, owner.profileEID, 'hr-sync');
    const other = await newNetwork();
    const path = membersPath(network.networkEID, group.EID, `${owner.profileEID}/`);
    expect((await call(path, { token: await other.admin.token(), method: 'DELETE' })).status).toBe(404);
  });
});
