/**
 * Emoji reactions over HTTP: a message and a comment carry `reactions` (the list) and, while the
 * caller may react, `react` (its POST adds the caller's reaction); a repeat adds nothing; `DELETE
 * …/reactions/{emoji}` takes it back. The message shows `reactions: [{emoji, count, me}]`. Refused:
 * what is not one emoji (400), a locked or not reactable message (409), a 21st distinct emoji (409);
 * 404 for another network's message and a hidden group's to a non-member. Counts stay exact under
 * concurrent reactions. Decisions: docs/decisions.md, "Messaging: emoji reactions".
 */
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { stack } from '../../support/stack.js';
import { EventReader } from '../../support/events.js';
import { act } from '../../support/factories/actions.js';
import {
  closeFactories,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { addMember, newGroup } from '../../support/factories/groups.js';
import { messagesPath, newComment, newMessage, type MessageBody } from '../../support/factories/messages.js';
import {
  react,
  reactionsPath,
  unreact,
  type ReactedMessage,
  type ReactionSummary,
} from '../../support/factories/reactions.js';

interface ReactionItem {
  type: string;
  emoji: string;
  user: { type: string; EID: string };
  message: { type: string; EID: string };
  _links: Record<string, { href: string }>;
}
interface ReactionPage {
  total: number;
  _embedded: { reactions: ReactionItem[] };
}

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
let alice: TestPerson;
let bob: TestPerson;
let aliceToken: string;
let bobToken: string;

beforeAll(async () => {
  network = await newNetwork('Reactions');
  adminToken = await network.admin.token();
  [alice, bob] = await Promise.all([network.newMember(), network.newMember()]);
  [aliceToken, bobToken] = await Promise.all([alice.token(), bob.token()]);
});

const read = async (messageEID: string, token: string) => {
  const answer = await call<ReactedMessage>(messagesPath(network.networkEID, `${messageEID}/`), { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
};

/** Follows a link of a resource (its `href` is absolute). */
const follow = <T>(resource: { _links: Record<string, { href: string }> }, rel: string, token: string) => {
  const link = resource._links[rel];
  expect(link, `no ${rel} link`).toBeDefined();
  return call<T>(new URL(link!.href).pathname + new URL(link!.href).search, { token });
};

const summaryOf = (message: ReactedMessage): ReactionSummary[] => message.reactions;

describe('reacting', () => {
  const events = new EventReader();
  beforeAll(() => events.open());
  afterAll(() => events.close());

  it('adds the caller’s reaction through the `react` link, once, and shows the summary to each reader', async () => {
    const message = await newMessage(network.networkEID, adminToken);
    const before = await read(message.EID, aliceToken);
    expect(summaryOf(before)).toEqual([]);
    expect(before._links.reactions).toBeDefined();
    expect(before._links.react!.href).toBe(before._links.reactions!.href);

    const reacted = await call<ReactedMessage>(new URL(before._links.react!.href).pathname, {
      method: 'POST',
      token: aliceToken,
      json: { emoji: '👍🏽' },
    });
    expect(reacted.status, reacted.text).toBe(200);
    expect(summaryOf(reacted.body)).toEqual([{ emoji: '👍🏽', count: 1, me: true }]);
    // The same emoji again: nothing more.
    const again = await react(network.networkEID, message.EID, '👍🏽', aliceToken);
    expect(summaryOf(again.body)).toEqual([{ emoji: '👍🏽', count: 1, me: true }]);
    // Bob: the same emoji, and ❤ typed without its selector (stored as ❤️).
    expectOk(await react(network.networkEID, message.EID, '👍🏽', bobToken));
    const heart = await react(network.networkEID, message.EID, '❤', bobToken);
    expect(summaryOf(heart.body)).toEqual([
      { emoji: '👍🏽', count: 2, me: true },
      { emoji: '❤️', count: 1, me: true },
    ]);
    // Alice reads Bob's heart as not hers; likes are counted apart.
    const asAlice = await read(message.EID, aliceToken);
    expect(summaryOf(asAlice)).toEqual([
      { emoji: '👍🏽', count: 2, me: true },
      { emoji: '❤️', count: 1, me: false },
    ]);
    expect(asAlice.numLikes).toBe(0);

    const recorded = (
      await events.eventsOf('events.messaging.message.reacted', network.networkEID, 3)
    ).filter((event) => (event.data as { message: { EID: string } }).message.EID === message.EID);
    expect(recorded.map((event) => (event.data as { emoji: string }).emoji).sort()).toEqual(
      ['❤️', '👍🏽', '👍🏽'].sort(),
    );
  });

  it('lists reactions grouped by emoji, one emoji’s with `emoji`, with links to the people', async () => {
    const message = await newMessage(network.networkEID, adminToken);
    expectOk(await react(network.networkEID, message.EID, '🎉', aliceToken));
    expectOk(await react(network.networkEID, message.EID, '👍', aliceToken));
    expectOk(await react(network.networkEID, message.EID, '🎉', bobToken));
    const list = await follow<ReactionPage>(await read(message.EID, bobToken), 'reactions', bobToken);
    expect(list.status, list.text).toBe(200);
    expect(list.body.total).toBe(3);
    const items = list.body._embedded.reactions;
    // Grouped: each emoji's reactions together, newest first within one.
    expect(items.map((item) => item.emoji)).toEqual(['🎉', '🎉', '👍'].sort());
    const party = items.filter((item) => item.emoji === '🎉').map((item) => item.user.EID);
    expect(party).toEqual([bob.profileEID, alice.profileEID]);
    expect(items[0]!._links.user!.href).toContain(`/users/${items[0]!.user.EID}/`);
    expect(items[0]!._links.message!.href).toContain(`/messages/${message.EID}/`);

    const one = await call<ReactionPage>(
      `${reactionsPath(network.networkEID, message.EID)}?emoji=${encodeURIComponent('👍')}`,
      { token: bobToken },
    );
    expect(one.body.total).toBe(1);
    expect(one.body._embedded.reactions.map((item) => [item.emoji, item.user.EID])).toEqual([
      ['👍', alice.profileEID],
    ]);
  });

  it('takes a reaction back (idempotent), dropping an emoji nobody reacts with any more', async () => {
    const message = await newMessage(network.networkEID, adminToken);
    expectOk(await react(network.networkEID, message.EID, '👩‍💻', aliceToken));
    expectOk(await react(network.networkEID, message.EID, '🇳🇱', aliceToken));
    const taken = await unreact(network.networkEID, message.EID, '👩‍💻', aliceToken);
    expect(taken.status, taken.text).toBe(200);
    expect(summaryOf(taken.body)).toEqual([{ emoji: '🇳🇱', count: 1, me: true }]);
    const again = await unreact(network.networkEID, message.EID, '👩‍💻', aliceToken);
    expect(again.status).toBe(200);
    expect(summaryOf(again.body)).toEqual([{ emoji: '🇳🇱', count: 1, me: true }]);
    // Bob never reacted with it: his DELETE changes nothing.
    const bobs = await unreact(network.networkEID, message.EID, '🇳🇱', bobToken);
    expect(summaryOf(bobs.body)).toEqual([{ emoji: '🇳🇱', count: 1, me: false }]);
    const recorded = (
      await events.eventsOf('events.messaging.message.unreacted', network.networkEID, 1)
    ).filter((event) => (event.data as { message: { EID: string } }).message.EID === message.EID);
    expect(recorded).toHaveLength(1);
  });

  it('takes reactions on a comment too', async () => {
    const message = await newMessage(network.networkEID, adminToken);
    const comment = await newComment(network.networkEID, message.EID, aliceToken);
    expect(comment._links.reactions).toBeDefined();
    const reacted = await react(network.networkEID, comment.EID, '😂', bobToken);
    expect(reacted.status, reacted.text).toBe(200);
    expect(summaryOf(reacted.body)).toEqual([{ emoji: '😂', count: 1, me: true }]);
    expect(summaryOf(await read(message.EID, bobToken))).toEqual([]);
  });

  it('keeps the counts exact under concurrent reactions', async () => {
    const message = await newMessage(network.networkEID, adminToken);
    const people = await Promise.all(Array.from({ length: 6 }, () => network.newMember()));
    const tokens = await Promise.all(people.map((person) => person.token()));
    // Everyone at once with the same new emoji, and each twice with a second one.
    const answers = await Promise.all([
      ...tokens.map((token) => react(network.networkEID, message.EID, '🔥', token)),
      ...tokens.flatMap((token) => [
        react(network.networkEID, message.EID, '✅', token),
        react(network.networkEID, message.EID, '✅', token),
      ]),
    ]);
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const counts = summaryOf(await read(message.EID, adminToken));
    expect(counts.map(({ emoji, count }) => [emoji, count]).sort()).toEqual(
      [
        ['🔥', 6],
        ['✅', 6],
      ].sort(),
    );
    const list = await call<ReactionPage>(`${reactionsPath(network.networkEID, message.EID)}?limit=50`, {
      token: adminToken,
    });
    expect(list.body._embedded.reactions).toHaveLength(12);
    // And all of them taken back at once: nothing left.
    await Promise.all(
      tokens.flatMap((token) => [
        unreact(network.networkEID, message.EID, '🔥', token),
        unreact(network.networkEID, message.EID, '✅', token),
      ]),
    );
    expect(summaryOf(await read(message.EID, adminToken))).toEqual([]);
  });
});

describe('refusals', () => {
  it('answers 400 naming the emoji when it is not one emoji, before reading the message', async () => {
    const message = await newMessage(network.networkEID, adminToken);
    for (const emoji of ['a', '👍👍', ':thumbsup:']) {
      const answer = await react(network.networkEID, message.EID, emoji, aliceToken);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.body.errors?.[0]?.pointer).toBe('/body/emoji');
    }
    // Even on a message that does not exist: the emoji is checked first.
    const unknown = await react(network.networkEID, 'f'.repeat(24), 'nope', aliceToken);
    expect(unknown.status).toBe(400);
    const missing = await call(reactionsPath(network.networkEID, message.EID), {
      method: 'POST',
      token: aliceToken,
      json: {},
    });
    expect(missing.status).toBe(400);
    expect(summaryOf(await read(message.EID, aliceToken))).toEqual([]);
  });

  it('refuses a locked message (409) but lists its reactions and takes one back', async () => {
    const message = await newMessage(network.networkEID, adminToken);
    expectOk(await react(network.networkEID, message.EID, '👍', aliceToken));
    expectOk(await act(network.networkEID, message.EID, 'lock', adminToken));
    const locked = await read(message.EID, bobToken);
    expect(locked._links.react).toBeUndefined();
    expect(locked._links.reactions).toBeDefined();
    const refused = await react(network.networkEID, message.EID, '👍', bobToken);
    expect(refused.status, refused.text).toBe(409);
    expect(summaryOf(await read(message.EID, bobToken))).toEqual([{ emoji: '👍', count: 1, me: false }]);
    const taken = await unreact(network.networkEID, message.EID, '👍', aliceToken);
    expect(taken.status, taken.text).toBe(200);
    expect(summaryOf(taken.body)).toEqual([]);
    // Unlocked, it takes reactions again.
    expectOk(await act(network.networkEID, message.EID, 'unlock', adminToken));
    expectOk(await react(network.networkEID, message.EID, '👍', bobToken));
  });

  it('refuses a message posted as not reactable (409), without a `react` link', async () => {
    const posted = await call<MessageBody>(messagesPath(network.networkEID), {
      method: 'POST',
      token: adminToken,
      json: { type: 'update', htmlBody: '<p>No reactions</p>', reactable: false },
    });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body._links.react).toBeUndefined();
    const refused = await react(network.networkEID, posted.body.EID, '👍', aliceToken);
    expect(refused.status, refused.text).toBe(409);
  });

  it(`refuses a 21st distinct emoji (409), while the 20 already there are still taken`, async () => {
    const message = await newMessage(network.networkEID, adminToken);
    const twenty = [
      '😀',
      '😁',
      '😂',
      '🤣',
      '😃',
      '😄',
      '😅',
      '😆',
      '😉',
      '😊',
      '😋',
      '😎',
      '😍',
      '😘',
      '🥰',
      '😗',
      '😙',
      '🥲',
      '😚',
      '🙂',
    ];
    for (const emoji of twenty) expectOk(await react(network.networkEID, message.EID, emoji, aliceToken));
    const refused = await react(network.networkEID, message.EID, '🤗', aliceToken);
    expect(refused.status, refused.text).toBe(409);
    const known = await react(network.networkEID, message.EID, '😀', bobToken);
    expect(known.status, known.text).toBe(200);
    const counts = summaryOf(known.body);
    expect(counts).toHaveLength(20);
    expect(counts.find((entry) => entry.emoji === '😀')).toEqual({ emoji: '😀', count: 2, me: true });
    // The refused reaction was not kept: the list agrees with the counts.
    const list = await call<ReactionPage>(`${reactionsPath(network.networkEID, message.EID)}?limit=50`, {
      token: adminToken,
    });
    expect(list.body._embedded.reactions).toHaveLength(21);
    expect(list.body._embedded.reactions.some((item) => item.emoji === '🤗')).toBe(false);
  });

  it('answers 404 for another network’s message, and a hidden group’s to a non-member only', async () => {
    const other = await newNetwork('Reactions other');
    const foreign = await newMessage(other.networkEID, await other.admin.token());
    expect((await react(network.networkEID, foreign.EID, '👍', aliceToken)).status).toBe(404);
    expect((await call(reactionsPath(network.networkEID, foreign.EID), { token: aliceToken })).status).toBe(
      404,
    );

    const group = await newGroup(network.networkEID, adminToken, { hidden: true });
    await addMember(network.networkEID, group.EID, adminToken, alice.profileEID);
    const hidden = await newMessage(network.networkEID, adminToken, { groupEID: group.EID });
    expectOk(await react(network.networkEID, hidden.EID, '👍', aliceToken));
    expect((await react(network.networkEID, hidden.EID, '👍', bobToken)).status).toBe(404);
    expect((await unreact(network.networkEID, hidden.EID, '👍', bobToken)).status).toBe(404);
    const list = await call(reactionsPath(network.networkEID, hidden.EID), { token: bobToken });
    expect(list.status).toBe(404);
    const asMember = await call<ReactionPage>(reactionsPath(network.networkEID, hidden.EID), {
      token: aliceToken,
    });
    expect(asMember.body.total).toBe(1);
  });

  it('removes the reactions with their message', async () => {
    const message = await newMessage(network.networkEID, aliceToken);
    expectOk(await react(network.networkEID, message.EID, '👍', bobToken));
    // The store itself: the rows are gone, not only hidden behind the message's 404.
    const db = mongoose.createConnection(stack().mongoUrl, { dbName: 'ncs_messaging' });
    try {
      const rows = () =>
        db
          .collection('message_reactions')
          .countDocuments({ networkEID: network.networkEID, messageEID: message.EID });
      expect(await rows()).toBe(1);
      expectOk(await act(network.networkEID, message.EID, 'remove', aliceToken));
      expect((await call(reactionsPath(network.networkEID, message.EID), { token: bobToken })).status).toBe(
        404,
      );
      expect(await rows()).toBe(0);
    } finally {
      await db.close();
    }
  });
});

function expectOk(answer: { status: number; text: string }) {
  expect(answer.status, answer.text).toBeLessThan(300);
}
