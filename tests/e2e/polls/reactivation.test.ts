/**
 * Polls, spec "States and transitions" (Poll row): `POST /polls/{pollEID}/reactivate`
 * makes an ended poll active again, for as long as it first ran; a poll that has not ended is 409;
 * only the author and network administrators may (403 otherwise). It records
 * `events.messaging.poll.reactivated` with the alert `poll_reactivated` for the voters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
import { messagesPath } from '../../support/factories/messages.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { newPoll, reactivate, untilEnded, voteFor, type PollBody } from '../../support/factories/polls.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
const events = new EventReader();

beforeAll(async () => {
  network = await newNetwork('Polls reactivation');
  adminToken = await network.admin.token();
  await events.open();
});
afterAll(() => events.close());

describe('reactivating a poll', () => {
  it('answers 409 for a poll that has not ended', async () => {
    const poll = await newPoll(network.networkEID, adminToken);
    const answer = await reactivate(poll.EID, adminToken);
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body.code).toBe(-368);
  });

  it('lets the author reactivate an ended poll (not another member: 403), alerting the voters', async () => {
    const author = await network.newMember();
    const authorToken = await author.token();
    const voters = [await network.newMember(), await network.newMember()];
    const voterTokens = [await voters[0]!.token(), await voters[1]!.token()];
    // Every vote must land before the poll ends, also on a loaded runner: tokens first, then a
    // few seconds of poll.
    const poll = await newPoll(network.networkEID, authorToken, { endsInMs: 6_000 });
    for (const token of voterTokens) {
      expect((await voteFor(poll.EID, poll.poll.answers[1]!.EID, token)).status).toBe(200);
    }
    expect((await voteFor(poll.EID, poll.poll.answers[0]!.EID, authorToken)).status).toBe(200);
    await untilEnded(poll);
    const denied = await reactivate(poll.EID, voterTokens[0]!);
    expect(denied.status, denied.text).toBe(403);
    expect(denied.body.code).toBe(-369);
    const answer = await reactivate(poll.EID, authorToken);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.poll.ended).toBe(false);
    expect(new Date(answer.body.poll.endsAt).getTime()).toBeGreaterThan(Date.now());
    expect(answer.body.poll.answers.map((a) => a.numVotes)).toEqual([1, 2]);
    // Active again: it takes votes, and a second reactivation is 409.
    expect((await voteFor(poll.EID, poll.poll.answers[0]!.EID, adminToken)).status).toBe(200);
    expect((await reactivate(poll.EID, authorToken)).status).toBe(409);
    const [event] = await events.eventsOf('events.messaging.poll.reactivated', network.networkEID, 1);
    const data = event?.data as { alert: string; recipients: { EID: string }[]; message: { EID: string } };
    expect(data.alert).toBe('poll_reactivated');
    expect(data.message.EID).toBe(poll.EID);
    expect(data.recipients.map((r) => r.EID).sort()).toEqual(voters.map((v) => v.profileEID).sort());
  });

  it('lets a network administrator reactivate someone else’s poll (its link shows only once ended)', async () => {
    const author = await (await network.newMember()).token();
    const poll = await newPoll(network.networkEID, author, { endsInMs: 1_500 });
    expect(poll._links.reactivate).toBeUndefined();
    await untilEnded(poll);
    const ended = await call<PollBody>(messagesPath(network.networkEID, `${poll.EID}/`), {
      token: adminToken,
    });
    expect(ended.body.poll.ended).toBe(true);
    const link = ended.body._links.reactivate?.href;
    expect(link).toMatch(new RegExp(`/polls/${poll.EID}/reactivate$`));
    const answer = await call<PollBody>(new URL(link!).pathname, { method: 'POST', token: adminToken });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.poll.ended).toBe(false);
    expect(answer.body._links.reactivate).toBeUndefined();
  });
});
