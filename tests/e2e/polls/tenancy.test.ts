/**
 * Polls: the `/polls/…` paths name no network; the gateway takes the poll's and the
 * caller must be an active member of it. Another network's poll, an unknown poll, a poll of a
 * group the caller may not read: the same 404 (-365). Leaving the network takes effect at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { newGroup } from '../../support/factories/groups.js';
import { newPoll, pollPath, reactivate, voteFor, type PollBody } from '../../support/factories/polls.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
let poll: PollBody;

beforeAll(async () => {
  network = await newNetwork('Polls tenancy');
  adminToken = await network.admin.token();
  poll = await newPoll(network.networkEID, adminToken);
});

/** Every `/polls/…` route of the poll as `token`. */
async function everyRoute(target: PollBody, token: string) {
  const answerEID = target.poll.answers[0]!.EID;
  return [
    await voteFor(target.EID, answerEID, token),
    await reactivate(target.EID, token),
    await call(pollPath(target.EID, `voters/${answerEID}/`), { token }),
  ];
}

describe('network-less poll paths', () => {
  it('answer 404 to another network’s administrator, as for a poll that does not exist', async () => {
    const other = await newNetwork('Polls outsider');
    const outsider = await other.admin.token();
    for (const answer of await everyRoute(poll, outsider)) {
      expect(answer.status, answer.text).toBe(404);
      expect(answer.body.code).toBe(-365);
    }
    const unknown = { ...poll, EID: 'f'.repeat(24) };
    for (const answer of await everyRoute(unknown, adminToken)) {
      expect(answer.status, answer.text).toBe(404);
      expect(answer.body.code).toBe(-365);
    }
  });

  it('answer 404 for a poll of a hidden group the caller is not in', async () => {
    const group = await newGroup(network.networkEID, adminToken, { hidden: true });
    const hidden = await newPoll(network.networkEID, adminToken, { groupEID: group.EID });
    const member = await (await network.newMember()).token();
    for (const answer of await everyRoute(hidden, member)) {
      expect(answer.status, answer.text).toBe(404);
      expect(answer.body.code).toBe(-365);
    }
  });

  it('refuse a member at once when the membership ends', async () => {
    const person = await network.newMember();
    const token = await person.token();
    const answerEID = poll.poll.answers[1]!.EID;
    expect((await voteFor(poll.EID, answerEID, token)).status).toBe(200);
    await person.suspend();
    const after = await voteFor(poll.EID, answerEID, token);
    expect(after.status, after.text).toBe(404);
    const voters = await call(pollPath(poll.EID, `voters/${answerEID}/`), { token });
    expect(voters.status, voters.text).toBe(404);
  });
});
