/**
 * Two network administrators demoting each other at the same time never leave the network without
 * an administrator: each demotion is checked again after its write and undone when it
 * left none (409, `DIR_ERR_LAST_ADMIN`).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';

afterAll(closeFactories);

describe('mutual demotion of the last two administrators', () => {
  it('always leaves at least one administrator, and each refused demotion is 409', async () => {
    for (let round = 0; round < 4; round++) {
      const network = await newNetwork();
      const second = await network.newMember({ role: 'admin' });
      const [firstToken, secondToken] = await Promise.all([network.admin.token(), second.token()]);
      const demote = (token: string, profileEID: string) =>
        call(`/networks/${network.networkEID}/users/${profileEID}/role`, {
          method: 'PUT',
          token,
          json: { role: 'member' },
        });
      const answers = await Promise.all([
        demote(firstToken, second.profileEID),
        demote(secondToken, network.admin.profileEID),
      ]);
      for (const answer of answers) {
        expect(answer.status, answer.text).toBeLessThan(500);
        if (answer.status !== 200) expect([403, 409]).toContain(answer.status);
      }
      // Each one's own view of the roles: read as both (a demoted one still reads the network).
      const roles = await call<{ _embedded: { roles: { name: string; numMembers: number }[] } }>(
        `/networks/${network.networkEID}/roles/`,
        { token: firstToken },
      );
      expect(roles.status, roles.text).toBe(200);
      const admins = roles.body._embedded.roles.find((role) => role.name === 'admin');
      expect(
        admins?.numMembers,
        `round ${round}: ${answers.map((a) => a.status).join(', ')}`,
      ).toBeGreaterThan(0);
      expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
    }
  });
});
