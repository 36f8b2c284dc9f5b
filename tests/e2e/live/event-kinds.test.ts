/**
 * The live stream's content events beyond "created": every kind of action on a message, poll,
 * event or task of a hidden group reaches the open stream of another member of the group, naming
 * the item, and never a network member outside it; a chat message deleted reaches the other
 * participant only, a conversation read the reader's own streams only, a markread the reader's
 * counters only (docs/events.md, "The live stream"; docs/decisions.md, "Live content: the event
 * log and who receives what").
 *
 * Negatives wait for no fixed time: a network post is awaited on the streams first; events come
 * in log order, so anything meant for a stream before it would have arrived already.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { act, editAs } from '../../support/factories/actions.js';
import { sendChat, startConversation } from '../../support/factories/chat.js';
import {
  closeFactories,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { newEvent, rsvp } from '../../support/factories/events.js';
import { addMember, newGroup, type GroupBody } from '../../support/factories/groups.js';
import { messagesPath, newMessage } from '../../support/factories/messages.js';
import { markreadPath } from '../../support/factories/notifications.js';
import { react as reactAs, unreact as unreactAs } from '../../support/factories/reactions.js';
import { newPoll, voteFor } from '../../support/factories/polls.js';
import {
  contentAbout,
  eventsNaming,
  type OpenStream,
  type StreamEvent,
  barrier,
  liveStreams,
} from '../../support/factories/stream.js';
import { groupRef, newTask, setCompleted, userRef } from '../../support/factories/tasks.js';

afterAll(closeFactories);

let network: TestNetwork;
/** G, hidden: Alice (who acts) and Bob (who watches). H, hidden: Alice and Dave. Carol: neither. */
let G: GroupBody;
let H: GroupBody;
let alice: TestPerson;
let bob: TestPerson;
let carol: TestPerson;
let dave: TestPerson;
let aliceToken: string;
let bobToken: string;
let aliceStream: OpenStream;
let bobStream: OpenStream;
let carolStream: OpenStream;
let daveStream: OpenStream;
const live = liveStreams();
const streamOf = (person: TestPerson): Promise<OpenStream> => live.open(network.networkEID, person);

beforeAll(async () => {
  network = await newNetwork('Live event kinds');
  const adminToken = await network.admin.token();
  [alice, bob, carol, dave] = await Promise.all([
    network.newMember(),
    network.newMember(),
    network.newMember(),
    network.newMember(),
  ]);
  [G, H] = await Promise.all([
    newGroup(network.networkEID, adminToken, { hidden: true }),
    newGroup(network.networkEID, adminToken, { hidden: true }),
  ]);
  expect([G.hidden, H.hidden]).toEqual([true, true]);
  const join = (group: GroupBody, person: TestPerson) =>
    addMember(network.networkEID, group.EID, adminToken, person.profileEID);
  await Promise.all([join(G, alice), join(G, bob), join(H, alice), join(H, dave)]);
  [aliceToken, bobToken] = await Promise.all([alice.token(), bob.token()]);
  [aliceStream, bobStream, carolStream, daveStream] = await Promise.all([
    streamOf(alice),
    streamOf(bob),
    streamOf(carol),
    streamOf(dave),
  ]);
});

afterAll(() => live.closeAll());

/** A network post by the admin, awaited on every stream given. */
const barrierOn = async (streams: readonly OpenStream[]) =>
  barrier(network.networkEID, await network.admin.token(), streams);

/** The event's own data (`{ type, occurredAt, actor?, data }` → `data`). */
const dataOf = (event: StreamEvent) => event.data.data as Record<string, unknown>;

const react = (messageEID: string, emoji: string, token: string) =>
  reactAs(network.networkEID, messageEID, emoji, token);
const unreact = (messageEID: string, emoji: string, token: string) =>
  unreactAs(network.networkEID, messageEID, emoji, token);

const expectOk = (answer: { status: number; text: string }) =>
  expect(answer.status, answer.text).toBeLessThan(300);

/** A message of Alice's on G's timeline. */
const postInG = (token = aliceToken, htmlBody?: string) =>
  newMessage(network.networkEID, token, { groupEID: G.EID, ...(htmlBody ? { htmlBody } : {}) });

interface Case {
  /** The SSE event (the domain event's type). */
  readonly type: string;
  readonly what: string;
  /** Where the item is in `data` (`data[key].EID`). */
  readonly key?: string;
  /** No actor (an anonymous vote names nobody). */
  readonly anonymous?: boolean;
  /** Who acts, when not Alice (a pin is the network administrator's). */
  readonly actor?: () => TestPerson;
  /** Performs the action as Alice; resolves with the item's EID. */
  readonly action: () => Promise<string>;
  /** More about the event Bob received. */
  readonly check?: (event: StreamEvent) => void;
}

/** Posts a poll as Bob in G and votes on it as Alice; resolves with the poll's EID. */
async function votedPoll(isAnonymous: boolean): Promise<string> {
  const poll = await newPoll(network.networkEID, bobToken, { groupEID: G.EID, isAnonymous });
  expect(poll.isAnonymous).toBe(isAnonymous);
  expectOk(await voteFor(poll.EID, poll.poll.answers[0]!.EID, aliceToken));
  return poll.EID;
}

type PollData = { poll: { numVotes: number; answers: { EID: string; numVotes: number }[] } };

/** The counts: one vote, on the first answer. */
function expectOneVote(event: StreamEvent): PollData['poll'] {
  const { poll } = dataOf(event) as PollData;
  expect(poll.numVotes).toBe(1);
  expect(poll.answers.map((answer) => answer.numVotes)).toEqual([1, 0]);
  return poll;
}

const cases: Case[] = [
  {
    type: 'messaging.message.edited',
    what: 'an edit, without the former text',
    action: async () => {
      const post = await postInG(aliceToken, '<p>Before the edit</p>');
      expectOk(await editAs(network.networkEID, post.EID, aliceToken, { htmlBody: '<p>After</p>' }));
      return post.EID;
    },
    check: (event) => {
      expect(dataOf(event)).toMatchObject({ message: { htmlBody: '<p>After</p>' } });
      expect(Object.keys(dataOf(event))).not.toContain('previousHtmlBody');
      expect(JSON.stringify(event.data)).not.toContain('Before the edit');
    },
  },
  {
    type: 'messaging.message.removed',
    what: 'a removal',
    action: async () => {
      const post = await postInG();
      expectOk(await act(network.networkEID, post.EID, 'remove', aliceToken));
      return post.EID;
    },
    check: (event) => expect(dataOf(event).remover).toMatchObject(userRef(alice.profileEID)),
  },
  {
    type: 'messaging.message.read',
    what: 'a read mark',
    action: async () => {
      const post = await postInG(bobToken);
      expectOk(await act(network.networkEID, post.EID, 'read', aliceToken));
      return post.EID;
    },
    check: (event) => expect(dataOf(event).reader).toMatchObject(userRef(alice.profileEID)),
  },
  {
    type: 'messaging.message.locked',
    what: 'a lock',
    action: async () => {
      const post = await postInG();
      expectOk(await act(network.networkEID, post.EID, 'lock', aliceToken));
      return post.EID;
    },
  },
  {
    type: 'messaging.message.unlocked',
    what: 'an unlock',
    action: async () => {
      const post = await postInG();
      expectOk(await act(network.networkEID, post.EID, 'lock', aliceToken));
      expectOk(await act(network.networkEID, post.EID, 'unlock', aliceToken));
      return post.EID;
    },
  },
  {
    type: 'messaging.message.unliked',
    what: 'a like taken back',
    action: async () => {
      const post = await postInG(bobToken);
      expectOk(await act(network.networkEID, post.EID, 'like', aliceToken));
      expectOk(await act(network.networkEID, post.EID, 'unlike', aliceToken));
      return post.EID;
    },
    check: (event) => expect(dataOf(event).liker).toMatchObject(userRef(alice.profileEID)),
  },
  {
    type: 'messaging.message.reacted',
    what: 'an emoji reaction, with the emoji and who reacted',
    action: async () => {
      const post = await postInG(bobToken);
      expectOk(await react(post.EID, '👍🏽', aliceToken));
      return post.EID;
    },
    check: (event) =>
      expect(dataOf(event)).toMatchObject({ emoji: '👍🏽', reactor: userRef(alice.profileEID) }),
  },
  {
    type: 'messaging.message.unreacted',
    what: 'an emoji reaction taken back',
    action: async () => {
      const post = await postInG(bobToken);
      expectOk(await react(post.EID, '🎉', aliceToken));
      expectOk(await unreact(post.EID, '🎉', aliceToken));
      return post.EID;
    },
    check: (event) =>
      expect(dataOf(event)).toMatchObject({ emoji: '🎉', reactor: userRef(alice.profileEID) }),
  },
  {
    type: 'messaging.message.pinned',
    what: 'a pin',
    actor: () => network.admin,
    action: async () => {
      const post = await postInG(bobToken);
      expectOk(await act(network.networkEID, post.EID, 'pin', await network.admin.token()));
      return post.EID;
    },
  },
  {
    type: 'messaging.tag.message_tagged',
    what: 'a message with a tag Bob follows (Carol follows it too, outside the group)',
    action: async () => {
      const tag = `kinds${Date.now().toString(36)}`;
      for (const person of [bob, carol]) {
        expectOk(
          await call(`/networks/${network.networkEID}/tags/${tag}/follow`, {
            token: await person.token(),
            json: {},
          }),
        );
      }
      return (await postInG(aliceToken, `<p>#${tag}</p>`)).EID;
    },
    check: (event) => expect(dataOf(event).tags).toEqual([expect.stringMatching(/^kinds/)]),
  },
  {
    type: 'messaging.poll.voted',
    what: 'a vote, with the counts and the voter',
    action: () => votedPoll(false),
    check: (event) => {
      const poll = expectOneVote(event);
      expect(dataOf(event)).toMatchObject({
        voter: userRef(alice.profileEID),
        answer: { type: 'poll_answer', EID: poll.answers[0]!.EID },
      });
    },
  },
  {
    type: 'messaging.poll.voted',
    what: 'a vote in an anonymous poll, with the counts and nothing naming the voter',
    anonymous: true,
    action: () => votedPoll(true),
    check: (event) => {
      expectOneVote(event);
      expect(JSON.stringify(event)).not.toContain(alice.profileEID);
    },
  },
  {
    type: 'messaging.message.rsvp',
    what: 'an answer to an event',
    action: async () => {
      const event = await newEvent(network.networkEID, bobToken, {}, { group: groupRef(G.EID) });
      expectOk(await rsvp(network.networkEID, event.EID, aliceToken, 'yes'));
      return event.EID;
    },
    check: (event) =>
      expect(dataOf(event)).toMatchObject({ responder: userRef(alice.profileEID), rsvp: 'yes' }),
  },
  {
    type: 'messaging.task.completed',
    what: 'a task completed',
    key: 'task',
    action: async () => {
      const task = await aliceTask();
      expectOk(await setCompleted(network.networkEID, task, aliceToken));
      return task;
    },
    check: (event) => expect(dataOf(event).assignee).toMatchObject(userRef(alice.profileEID)),
  },
  {
    type: 'messaging.task.reopened',
    what: 'a task reopened',
    key: 'task',
    action: async () => {
      const task = await aliceTask();
      expectOk(await setCompleted(network.networkEID, task, aliceToken));
      expectOk(await setCompleted(network.networkEID, task, aliceToken, false));
      return task;
    },
    check: (event) => expect(dataOf(event).assignee).toMatchObject(userRef(alice.profileEID)),
  },
];

/** A task Bob posts in G for Alice; resolves with its EID. */
async function aliceTask(): Promise<string> {
  const task = await newTask(
    network.networkEID,
    bobToken,
    { assignees: [userRef(alice.profileEID)] },
    { group: groupRef(G.EID) },
  );
  return task.EID;
}

describe('in a hidden group', () => {
  for (const { type, what, key = 'message', anonymous = false, actor: actorOf, action, check } of cases) {
    it(`${type}: ${what} reaches a member, not a network member outside the group`, async () => {
      const EID = await action();
      const event = await bobStream.waitFor(contentAbout(type, EID, key));
      expect(event.id).toMatch(/^[0-9]+$/);
      expect(event.data.type).toBe(type);
      const actor = anonymous
        ? undefined
        : expect.objectContaining(userRef((actorOf?.() ?? alice).profileEID));
      expect(event.data.actor).toEqual(actor);
      check?.(event);
      await barrierOn([carolStream]);
      expect(eventsNaming(carolStream, EID)).toEqual([]);
    });
  }

  it('messaging.message.moved: a move from G to H reaches the members of both, not a member of neither', async () => {
    const post = await postInG();
    const moved = await call(messagesPath(network.networkEID, `${post.EID}/move`), {
      token: aliceToken,
      json: { group: groupRef(H.EID) },
    });
    expectOk(moved);
    const toTarget = await daveStream.waitFor(contentAbout('messaging.message.moved', post.EID));
    expect(dataOf(toTarget)).toMatchObject({
      message: { EID: post.EID, group: groupRef(H.EID) },
      from: groupRef(G.EID),
      to: groupRef(H.EID),
    });
    // Where it was: G's members learn it left, by its reference only (not where, nor its text).
    await barrierOn([bobStream, carolStream]);
    expect(eventsNaming(carolStream, post.EID)).toEqual([]);
    const toSource = bobStream.events.find(contentAbout('messaging.message.moved', post.EID));
    expect(toSource, `Bob (G only) got: ${JSON.stringify(eventsNaming(bobStream, post.EID))}`).toBeDefined();
    expect(dataOf(toSource!)).toMatchObject({ message: { EID: post.EID }, left: true });
    expect(JSON.stringify(toSource)).not.toContain(H.EID);
  });
});

describe('in a conversation', () => {
  it('messaging.chat_message.deleted reaches the other participant, not a non-participant', async () => {
    const conversation = await startConversation(network, aliceToken, [bob.profileEID]);
    expectOk(conversation);
    const sent = await sendChat(network, aliceToken, conversation.body.EID, '<p>Oops</p>');
    expectOk(sent);
    const deleted = await call(`/networks/${network.networkEID}/chat/messages/${sent.body.EID}/delete`, {
      token: aliceToken,
      json: {},
    });
    expectOk(deleted);
    const event = await bobStream.waitFor(
      contentAbout('messaging.chat_message.deleted', sent.body.EID, 'chatMessage'),
    );
    expect(dataOf(event)).toMatchObject({
      conversation: { type: 'conversation', EID: conversation.body.EID },
      deleter: userRef(alice.profileEID),
    });
    expect(JSON.stringify(event)).not.toContain('Oops');
    await barrierOn([carolStream]);
    expect(eventsNaming(carolStream, sent.body.EID)).toEqual([]);
    expect(eventsNaming(carolStream, conversation.body.EID)).toEqual([]);
  });

  it('messaging.conversation.read reaches the reader’s other stream, not the other participant', async () => {
    const conversation = await startConversation(network, aliceToken, [bob.profileEID]);
    expectOk(conversation);
    const conversationEID = conversation.body.EID;
    const sent = await sendChat(network, aliceToken, conversationEID, '<p>Read me</p>');
    expectOk(sent);
    const bobElsewhere = await streamOf(bob);
    // Reading the newest page of messages moves Bob's read marker.
    expectOk(
      await call(`/networks/${network.networkEID}/conversations/${conversationEID}/messages/`, {
        token: bobToken,
      }),
    );
    const read = contentAbout('messaging.conversation.read', conversationEID, 'conversation');
    const event = await bobElsewhere.waitFor(read);
    expect(dataOf(event)).toMatchObject({
      reader: userRef(bob.profileEID),
      readUpTo: { type: 'chat_message', EID: sent.body.EID },
    });
    await bobStream.waitFor((e) => e.id === event.id);
    await barrierOn([aliceStream, carolStream]);
    expect(aliceStream.events.filter(read)).toEqual([]);
    expect(eventsNaming(carolStream, conversationEID)).toEqual([]);
  });
});

describe('alerts', () => {
  it('notifications.alert.read: a markread sends the reader counters, nobody else', async () => {
    const post = await call<{ EID: string }>(messagesPath(network.networkEID), {
      token: aliceToken,
      json: {
        type: 'update',
        htmlBody: '<p>Bob, look</p>',
        group: groupRef(G.EID),
        mentions: [userRef(bob.profileEID)],
      },
    });
    expectOk(post);
    const alert = await bobStream.waitFor(
      (e) =>
        e.event === 'alert' &&
        (e.data.alert as { subject?: { EID?: string } } | undefined)?.subject?.EID === post.body.EID,
    );
    expect(alert.data.counters).toMatchObject({ numUnreadAlertsCoalesced: expect.any(Number) as number });
    expectOk(await call(markreadPath(network.networkEID), { token: bobToken, json: { category: 'all' } }));
    const counters = await bobStream.waitFor(
      (e) =>
        e.event === 'counters' &&
        e.id !== undefined &&
        Number(e.id) > Number(alert.id) &&
        e.data.numUnreadAlertsCoalesced === 0,
    );
    expect(counters.data).toMatchObject({ numUnreadAlertsCoalesced: 0 });
    await barrierOn([aliceStream, carolStream]);
    // Each event's id is its place in the network's log: the same id would be the same event.
    for (const other of [aliceStream, carolStream]) {
      expect(other.events.filter((e) => e.id === counters.id)).toEqual([]);
    }
  });
});
