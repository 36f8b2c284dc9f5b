/**
 * Polls: voting over `POST /polls/{pollEID}/votes/` (`{ answerEID }`). One vote per
 * person; voting again replaces the vote; the counts per answer stay equal to the votes under
 * concurrent votes and changes; an ended poll is 409; an unknown answer 400 naming `answerEID`.
 * `GET /polls/{pollEID}/voters/{answerEID}/` lists who chose an answer (`embed=user`, paginated);
 * an anonymous poll reveals nobody (403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import type { Collection } from '../../support/factories/groups.js';
import { messagesPath } from '../../support/factories/messages.js';
import { newPoll, pollPath, untilEnded, voteFor, type PollBody } from '../../support/factories/polls.js';

interface VoterBody {
  type: string;
  user: { type: string; EID: string };
  answer: { type: string; EID: string };
  votedAt: string;
  created: string;
  _links: Record<string, { href: string }>;
  _embedded?: { user?: { EID: string } };
}

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;

beforeAll(async () => {
  network = await newNetwork('Polls voting');
  adminToken = await network.admin.token();
});

const counts = (poll: PollBody) => poll.poll.answers.map((a) => a.numVotes);

describe('voting', () => {
  it('takes one vote per person; voting again replaces it; `_user.vote` shows the caller’s', async () => {
    const poll = await newPoll(network.networkEID, adminToken, { answers: ['A', 'B', 'C'] });
    const [a, b] = poll.poll.answers;
    const member = await (await network.newMember()).token();
    const first = await voteFor(poll.EID, a!.EID, member);
    expect(first.status, first.text).toBe(200);
    expect(first.body._user.vote).toEqual({ type: 'poll_answer', EID: a!.EID });
    expect(counts(first.body)).toEqual([1, 0, 0]);
    expect(first.body._links.self?.href).toMatch(
      new RegExp(`/networks/${network.networkEID}/messages/${poll.EID}/$`),
    );
    const again = await voteFor(poll.EID, a!.EID, member);
    expect(counts(again.body)).toEqual([1, 0, 0]);
    const changed = await voteFor(poll.EID, b!.EID, member);
    expect(changed.status, changed.text).toBe(200);
    expect(counts(changed.body)).toEqual([0, 1, 0]);
    expect(changed.body._user.vote?.EID).toBe(b!.EID);
    expect(changed.body.poll.numVotes).toBe(1);
    const byAdmin = await voteFor(poll.EID, b!.EID, adminToken);
    expect(counts(byAdmin.body)).toEqual([0, 2, 0]);
    expect(byAdmin.body.poll.numVotes).toBe(2);
    const read = await call<PollBody>(messagesPath(network.networkEID, `${poll.EID}/`), { token: member });
    expect(read.body._user.vote?.EID).toBe(b!.EID);
  });

  it('keeps the counts equal to the votes under concurrent votes and changes', async () => {
    const poll = await newPoll(network.networkEID, adminToken, { answers: ['A', 'B', 'C'] });
    const answers = poll.poll.answers.map((a) => a.EID);
    const tokens = await Promise.all(
      Array.from({ length: 6 }, async () => (await network.newMember()).token()),
    );
    // Each person fires four votes at once (first votes racing changes), then one last vote alone.
    await Promise.all(
      tokens.flatMap((token, p) => [0, 1, 2, 3].map((k) => voteFor(poll.EID, answers[(p + k) % 3]!, token))),
    );
    const last = tokens.map((_token, p) => answers[p % 3]!);
    for (const [p, token] of tokens.entries()) {
      expect((await voteFor(poll.EID, last[p]!, token)).status).toBe(200);
    }
    const read = await call<PollBody>(messagesPath(network.networkEID, `${poll.EID}/`), {
      token: adminToken,
    });
    expect(counts(read.body)).toEqual([2, 2, 2]);
    expect(read.body.poll.numVotes).toBe(6);
    for (const [i, answerEID] of answers.entries()) {
      const voters = await call<Collection<VoterBody>>(pollPath(poll.EID, `voters/${answerEID}/`), {
        token: adminToken,
      });
      expect(voters.body.total, `answer ${i}`).toBe(2);
      expect(voters.body._embedded.voters).toHaveLength(2);
    }
  });

  it('answers 400 naming answerEID for an answer of another poll', async () => {
    const poll = await newPoll(network.networkEID, adminToken);
    const other = await newPoll(network.networkEID, adminToken);
    const answer = await voteFor(poll.EID, other.poll.answers[0]!.EID, adminToken);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body).toMatchObject({ code: -371, errors: [{ pointer: '/body/answerEID' }] });
    const malformed = await voteFor(poll.EID, 'not-an-eid', adminToken);
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain('answerEID');
  });

  it('answers 409 once the poll has ended', async () => {
    const poll = await newPoll(network.networkEID, adminToken, { endsInMs: 1_500 });
    await untilEnded(poll);
    const answer = await voteFor(poll.EID, poll.poll.answers[0]!.EID, adminToken);
    expect(answer.status, answer.text).toBe(409);
    expect(answer.body.code).toBe(-367);
    const read = await call<PollBody>(messagesPath(network.networkEID, `${poll.EID}/`), {
      token: adminToken,
    });
    expect(read.body.poll.ended).toBe(true);
  });
});

describe('voters of an answer', () => {
  it('lists who chose it, latest first, paginated, with `embed=user`', async () => {
    const poll = await newPoll(network.networkEID, adminToken);
    const [yes, no] = poll.poll.answers;
    const people = [await network.newMember(), await network.newMember(), await network.newMember()];
    for (const person of people) await voteFor(poll.EID, yes!.EID, await person.token());
    await voteFor(poll.EID, no!.EID, adminToken);
    const path = pollPath(poll.EID, `voters/${yes!.EID}/`);
    const page = await call<Collection<VoterBody>>(`${path}?limit=2&embed=user`, { token: adminToken });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.total).toBe(3);
    const voters = page.body._embedded.voters ?? [];
    expect(voters.map((v) => v.user.EID)).toEqual([people[2]!.profileEID, people[1]!.profileEID]);
    expect(voters[0]).toMatchObject({ type: 'poll_voter', answer: { type: 'poll_answer', EID: yes!.EID } });
    // A vote is a stored thing: its read-only `created` is the time of the vote.
    expect(voters[0]?.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
    expect(voters[0]?.created).toBe(voters[0]?.votedAt);
    expect(voters[0]?._embedded?.user?.EID).toBe(people[2]!.profileEID);
    expect(voters[0]?._links.user?.href).toMatch(new RegExp(`/networks/${network.networkEID}/users/`));
    expect(page.body._links.next?.href).toContain('offset=2');
    const rest = await call<Collection<VoterBody>>(`${path}?limit=2&offset=2`, { token: adminToken });
    expect((rest.body._embedded.voters ?? []).map((v) => v.user.EID)).toEqual([people[0]!.profileEID]);
  });

  it('answers 404 for an answer the poll does not have', async () => {
    const poll = await newPoll(network.networkEID, adminToken);
    const answer = await call(pollPath(poll.EID, `voters/${poll.EID}/`), { token: adminToken });
    expect(answer.status, answer.text).toBe(404);
    expect(answer.body.code).toBe(-370);
  });

  it('reveals nobody of an anonymous poll: 403, its counts still shown', async () => {
    const poll = await newPoll(network.networkEID, adminToken, { isAnonymous: true });
    const voted = await voteFor(poll.EID, poll.poll.answers[0]!.EID, adminToken);
    expect(counts(voted.body)).toEqual([1, 0]);
    const answer = await call(pollPath(poll.EID, `voters/${poll.poll.answers[0]!.EID}/`), {
      token: adminToken,
    });
    expect(answer.status, answer.text).toBe(403);
    expect(answer.body.code).toBe(-372);
  });
});
