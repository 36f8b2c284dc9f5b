/**
 * Polls: posting a message of type `poll`. The question is `htmlBody`, the answers
 * (2…10, each up to 200 characters, distinct) get EIDs and read-only counts, `endsAt` must be a
 * future time (at most a year ahead), `isAnonymous` is top-level. `_links` point at the
 * network-less `/polls/…` actions. Bad input is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { post } from '../../support/factories/message-types.js';
import { messagesPath } from '../../support/factories/messages.js';
import { call } from '../../support/api.js';
import { newPoll, pollJson, type PollBody } from '../../support/factories/polls.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;

beforeAll(async () => {
  network = await newNetwork('Polls posting');
  adminToken = await network.admin.token();
});

describe('posting a poll', () => {
  it('answers the poll with its answers, end time, counts and the caller’s vote', async () => {
    const poll = await newPoll(network.networkEID, adminToken, {
      answers: ['Tea', 'Coffee', 'Water'],
      isAnonymous: true,
    });
    expect(poll).toMatchObject({ type: 'poll', isAnonymous: true, _user: { vote: null } });
    expect(poll.poll.answers.map((a) => [a.type, a.text, a.numVotes])).toEqual([
      ['poll_answer', 'Tea', 0],
      ['poll_answer', 'Coffee', 0],
      ['poll_answer', 'Water', 0],
    ]);
    expect(new Set(poll.poll.answers.map((a) => a.EID)).size).toBe(3);
    expect(poll.poll).toMatchObject({ ended: false, numVotes: 0 });
    expect(new Date(poll.poll.endsAt).getTime()).toBeGreaterThan(Date.now());
    expect(poll._links.votes?.href).toMatch(new RegExp(`/polls/${poll.EID}/votes/$`));
    // An active poll cannot be reactivated, so it carries no `reactivate` link (reactivation.test.ts
    // checks that an ended one does).
    expect(poll._links.reactivate).toBeUndefined();
    expect(poll._links.self?.href).toMatch(
      new RegExp(`/networks/${network.networkEID}/messages/${poll.EID}/$`),
    );
    const read = await call<PollBody>(messagesPath(network.networkEID, `${poll.EID}/`), {
      token: adminToken,
    });
    expect(read.body.poll).toEqual(poll.poll);
    expect(read.body.isAnonymous).toBe(true);
  });

  it('is not anonymous unless asked; other types carry no poll fields', async () => {
    const poll = await newPoll(network.networkEID, adminToken);
    expect(poll.isAnonymous).toBe(false);
    const update = await post(network.networkEID, adminToken, { type: 'update', htmlBody: '<p>Hi</p>' });
    expect(update.body.poll).toBeUndefined();
    expect(update.body.isAnonymous).toBeUndefined();
  });

  it.each([
    ['one answer', { answers: ['Only'] }, '/body/poll/answers'],
    ['eleven answers', { answers: Array.from({ length: 11 }, (_, i) => `A${i}`) }, '/body/poll/answers'],
    ['an empty answer', { answers: ['Yes', ''] }, '/body/poll/answers/1/text'],
    ['a too long answer', { answers: ['Yes', 'x'.repeat(201)] }, '/body/poll/answers/1/text'],
    ['a repeated answer', { answers: ['Yes', 'no', 'YES'] }, '/body/poll/answers/2/text'],
    ['an end in the past', { endsInMs: -60_000 }, '/body/poll/endsAt'],
    ['an end more than a year ahead', { endsInMs: 367 * 24 * 3_600_000 }, '/body/poll/endsAt'],
  ])('refuses %s: 400 naming the field', async (_label, fields, pointer) => {
    const answer = await post(network.networkEID, adminToken, pollJson(fields));
    expect(answer.status, answer.text).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(answer.body.errors?.map((e) => e.pointer)).toContain(pointer);
  });

  it('refuses a poll without `poll`, and `poll` or `isAnonymous` on another type', async () => {
    const { poll: _poll, ...withoutPoll } = pollJson();
    const missing = await post(network.networkEID, adminToken, withoutPoll);
    expect(missing.status, missing.text).toBe(400);
    expect(missing.body).toMatchObject({ code: -366, errors: [{ pointer: '/body/poll' }] });
    const onUpdate = await post(network.networkEID, adminToken, { ...pollJson(), type: 'update' });
    expect(onUpdate.status, onUpdate.text).toBe(400);
    expect(onUpdate.body.errors?.[0]?.pointer).toBe('/body/poll');
    const anonymousUpdate = await post(network.networkEID, adminToken, {
      type: 'update',
      htmlBody: '<p>Hi</p>',
      isAnonymous: true,
    });
    expect(anonymousUpdate.status, anonymousUpdate.text).toBe(400);
    expect(anonymousUpdate.body.errors?.[0]?.pointer).toBe('/body/isAnonymous');
  });
});
