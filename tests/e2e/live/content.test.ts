/**
 * The live stream's content events: what happens in a network (posts, group posts, private
 * messages, comments, likes, chat, memberships) reaches the open streams of exactly those who may
 * see it, decided by each event's audience, and nobody else's. A public group's non-members are not
 * pushed its events (docs/decisions.md, "Live content: the event log and who receives what").
 *
 * Every negative is checked without waiting a fixed time: after the action that must not reach a
 * stream, a network post that does reach it is awaited; events come in log order, so anything
 * before it that was meant for that stream would have come first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { sendChat, startConversation } from '../../support/factories/chat.js';
import {
  closeFactories,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { addMember, membersPath, newGroup } from '../../support/factories/groups.js';
import { posted } from '../../support/factories/message-types.js';
import { messagesPath, newComment, newMessage, type MessageBody } from '../../support/factories/messages.js';
import {
  contentAbout,
  eventsNaming,
  type OpenStream,
  type StreamEvent,
  barrier,
  liveStreams,
} from '../../support/factories/stream.js';

afterAll(closeFactories);

const CREATED = 'messaging.message.created';

let network: TestNetwork;
let adminToken: string;
const live = liveStreams();

beforeAll(async () => {
  network = await newNetwork('Live content');
  adminToken = await network.admin.token();
});

afterAll(() => live.closeAll());

/** Opens `person`'s stream on `on` (default: the test network) once it is live. */
const streamOf = (person: TestPerson, on: TestNetwork = network): Promise<OpenStream> =>
  live.open(on.networkEID, person);

/** A post on `on`'s timeline by its admin, awaited on every stream given. */
const barrierOn = async (streams: readonly OpenStream[], on: TestNetwork = network) =>
  barrier(on.networkEID, await on.admin.token(), streams);

/** Asserts `stream` got nothing naming `EID` (call after a barrier). */
function expectNothingAbout(stream: OpenStream, EID: string): void {
  expect(eventsNaming(stream, EID)).toEqual([]);
}

const pathOf = (href: string) => new URL(href, 'http://host.invalid').pathname;

interface LiveMessage {
  type: string;
  EID: string;
  author: { type: string; EID: string };
  group: { type: string; EID: string } | null;
  parent: { type: string; EID: string } | null;
  htmlBody: string;
  _links?: { self?: { href: string } };
}

const payloadOf = (event: StreamEvent) =>
  event.data as { type: string; occurredAt: string; actor?: { EID: string }; data: Record<string, unknown> };

describe('messages', () => {
  it('delivers a network post to another member with its EID, body and link; not to another network', async () => {
    const [bob, stranger] = await Promise.all([
      network.newMember(),
      newNetwork('Live content elsewhere').then((other) => ({ other, person: other.admin })),
    ]);
    const bobStream = await streamOf(bob);
    const strangerStream = await streamOf(stranger.person, stranger.other);

    const htmlBody = '<p>Hello, network</p>';
    const post = await newMessage(network.networkEID, adminToken, { htmlBody });
    const event = await bobStream.waitFor(contentAbout(CREATED, post.EID));
    expect(event.id).toMatch(/^[0-9]+$/);
    const payload = payloadOf(event);
    expect(payload.type).toBe(CREATED);
    expect(Number.isNaN(Date.parse(payload.occurredAt))).toBe(false);
    const message = payload.data.message as LiveMessage;
    expect(message).toMatchObject({
      type: 'update',
      EID: post.EID,
      author: { EID: network.admin.profileEID },
      group: null,
      parent: null,
      htmlBody,
    });
    const href = message._links?.self?.href;
    expect(href, JSON.stringify(message)).toBeTypeOf('string');
    expect(pathOf(href!)).toBe(pathOf(post._links.self!.href));
    expect(pathOf(href!)).toMatch(new RegExp(`/networks/${network.networkEID}/messages/${post.EID}/?$`));

    // The stranger's stream is of their own network: a post there arrives, ours never does.
    await barrierOn([strangerStream], stranger.other);
    expectNothingAbout(strangerStream, post.EID);
  });

  it('delivers a group post to its members only: not to non-members of a hidden group, nor of a public one', async () => {
    const [inHidden, inPublic, outsider] = await Promise.all([
      network.newMember(),
      network.newMember(),
      network.newMember(),
    ]);
    const hidden = await newGroup(network.networkEID, adminToken, { hidden: true });
    const open = await newGroup(network.networkEID, adminToken);
    expect([hidden.hidden, open.hidden]).toEqual([true, false]);
    await addMember(network.networkEID, hidden.EID, adminToken, inHidden.profileEID);
    await addMember(network.networkEID, open.EID, adminToken, inPublic.profileEID);
    const [hiddenStream, publicStream, outsiderStream] = await Promise.all([
      streamOf(inHidden),
      streamOf(inPublic),
      streamOf(outsider),
    ]);

    const hiddenPost = await newMessage(network.networkEID, adminToken, { groupEID: hidden.EID });
    const publicPost = await newMessage(network.networkEID, adminToken, { groupEID: open.EID });
    const toHidden = await hiddenStream.waitFor(contentAbout(CREATED, hiddenPost.EID));
    expect((payloadOf(toHidden).data.message as LiveMessage).group?.EID).toBe(hidden.EID);
    const toPublic = await publicStream.waitFor(contentAbout(CREATED, publicPost.EID));
    expect((payloadOf(toPublic).data.message as LiveMessage).group?.EID).toBe(open.EID);

    await barrierOn([hiddenStream, publicStream, outsiderStream]);
    expectNothingAbout(outsiderStream, hiddenPost.EID);
    expectNothingAbout(outsiderStream, publicPost.EID); // by decision: members only
    expectNothingAbout(publicStream, hiddenPost.EID);
    expectNothingAbout(hiddenStream, publicPost.EID);
  });

  it('delivers a private message to its recipient, not to a third member', async () => {
    const [alice, bob, carol] = await Promise.all([
      network.newMember(),
      network.newMember(),
      network.newMember(),
    ]);
    const [bobStream, carolStream] = await Promise.all([streamOf(bob), streamOf(carol)]);
    const message = await posted(network.networkEID, await alice.token(), {
      type: 'private_message',
      htmlBody: '<p>Just us</p>',
      recipients: [{ type: 'user', EID: bob.profileEID }],
    });
    const event = await bobStream.waitFor(contentAbout(CREATED, message.EID));
    expect(payloadOf(event).data.message).toMatchObject({
      type: 'private_message',
      EID: message.EID,
      author: { EID: alice.profileEID },
      group: null,
      htmlBody: '<p>Just us</p>',
    });
    await barrierOn([carolStream]);
    expectNothingAbout(carolStream, message.EID);
  });

  it('delivers a comment and a like on a network post', async () => {
    const [bob, carol] = await Promise.all([network.newMember(), network.newMember()]);
    const bobStream = await streamOf(bob);
    const carolToken = await carol.token();
    const post = await newMessage(network.networkEID, adminToken);
    await bobStream.waitFor(contentAbout(CREATED, post.EID));

    const comment: MessageBody = await newComment(
      network.networkEID,
      post.EID,
      carolToken,
      '<p>Well said</p>',
    );
    const commented = await bobStream.waitFor(contentAbout('messaging.message.commented', post.EID));
    expect(payloadOf(commented).data.comment).toMatchObject({
      EID: comment.EID,
      author: { EID: carol.profileEID },
      htmlBody: '<p>Well said</p>',
    });

    const like = await call(messagesPath(network.networkEID, `${post.EID}/like`), {
      method: 'POST',
      token: carolToken,
    });
    expect(like.status, like.text).toBeLessThan(300);
    const liked = await bobStream.waitFor(contentAbout('messaging.message.liked', post.EID));
    expect(payloadOf(liked).data.liker).toMatchObject({ EID: carol.profileEID });
    expect(Number(liked.id)).toBeGreaterThan(Number(commented.id));
  });
});

describe('chat', () => {
  it('delivers a chat message to the other participant, not to a non-participant', async () => {
    const [alice, bob, carol] = await Promise.all([
      network.newMember(),
      network.newMember(),
      network.newMember(),
    ]);
    const aliceToken = await alice.token();
    const [bobStream, carolStream] = await Promise.all([streamOf(bob), streamOf(carol)]);
    const conversation = await startConversation(network, aliceToken, [bob.profileEID]);
    expect(conversation.status, conversation.text).toBe(201);
    const sent = await sendChat(network, aliceToken, conversation.body.EID, '<p>Psst</p>');
    expect(sent.status, sent.text).toBe(201);

    const event = await bobStream.waitFor(
      contentAbout('messaging.chat_message.sent', sent.body.EID, 'chatMessage'),
    );
    expect(payloadOf(event).data).toMatchObject({
      conversation: { type: 'conversation', EID: conversation.body.EID },
      chatMessage: { EID: sent.body.EID, author: { EID: alice.profileEID }, htmlBody: '<p>Psst</p>' },
    });
    await barrierOn([carolStream]);
    expectNothingAbout(carolStream, sent.body.EID);
    expectNothingAbout(carolStream, conversation.body.EID);
  });
});

describe('memberships', () => {
  it('takes effect at once: added, a member gets the group’s posts; removed, no longer', async () => {
    const bob = await network.newMember();
    const group = await newGroup(network.networkEID, adminToken, { hidden: true });
    const bobStream = await streamOf(bob);
    const groupPost = () => newMessage(network.networkEID, adminToken, { groupEID: group.EID });

    const before = await groupPost();
    await barrierOn([bobStream]);
    expectNothingAbout(bobStream, before.EID);

    await addMember(network.networkEID, group.EID, adminToken, bob.profileEID);
    const added = await bobStream.waitFor(contentAbout('auth.membership.added', bob.profileEID, 'user'));
    expect(payloadOf(added).data.group).toMatchObject({ EID: group.EID });
    const during = await groupPost();
    const received = await bobStream.waitFor(contentAbout(CREATED, during.EID));
    expect(Number(received.id)).toBeGreaterThan(Number(added.id));

    const removed = await call(membersPath(network.networkEID, group.EID, `${bob.profileEID}/`), {
      method: 'DELETE',
      token: adminToken,
    });
    expect(removed.status, removed.text).toBeLessThan(300);
    const left = await bobStream.waitFor(contentAbout('auth.membership.removed', bob.profileEID, 'user'));
    expect(payloadOf(left).data.group).toMatchObject({ EID: group.EID });
    const after = await groupPost();
    await barrierOn([bobStream]);
    expectNothingAbout(bobStream, after.EID);
  });
});
