/**
 * Chat over HTTP (spec "Chat and conversations", chat delete row): conversations between
 * people who may chat (the `scope=chat` rule), one-to-one uniqueness, messages newest first with a
 * keyset, unread counts and marking read, `unread=true` and the aggregate's `unreadConversations`
 * link, deletion for everyone with the reason for administrators, 404 to non-participants and
 * across tenants (docs/decisions.md, "Messaging: chat, conversations and the AI assistant").
 */
import { afterAll, describe, expect, it } from 'vitest';
import { call, type Problem } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { newBot } from '../../support/factories/directory.js';
import {
  conversationsOf,
  sendChat,
  startConversation,
  type ChatMessage,
  type Conversation,
} from '../../support/factories/chat.js';

afterAll(closeFactories);

interface MessagePage {
  total: number;
  _embedded: { messages: ChatMessage[] };
}

describe('conversations', () => {
  it('starts a one-to-one conversation once (200 with the same one again, from either side), and with a bot', async () => {
    const network = await newNetwork();
    const alice = await network.newMember();
    const bob = await network.newMember();
    const [aliceToken, bobToken] = await Promise.all([alice.token(), bob.token()]);
    const first = await startConversation(network, aliceToken, [bob.profileEID]);
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      type: 'conversation',
      kind: 'direct',
      lastMessage: null,
      numUnread: 0,
    });
    expect(first.body.participants.map((p) => p.EID).sort()).toEqual(
      [alice.profileEID, bob.profileEID].sort(),
    );
    const again = await startConversation(network, bobToken, [alice.profileEID]);
    expect(again.status).toBe(200);
    expect(again.body.EID).toBe(first.body.EID);
    const racing = await Promise.all(
      [1, 2, 3].map(() => startConversation(network, aliceToken, [bob.profileEID])),
    );
    expect(new Set(racing.map((r) => r.body.EID))).toEqual(new Set([first.body.EID]));

    const bot = await newBot(network);
    expect((await startConversation(network, aliceToken, [bot.profileEID])).status).toBe(201);
    const group = await startConversation(network, aliceToken, [bob.profileEID, bot.profileEID]);
    expect(group.status).toBe(201);
    expect(group.body.kind).toBe('group');
    expect(await conversationsOf(network, aliceToken)).toHaveLength(3);
  });

  it('refuses people the caller may not chat with (400 naming them): suspended, other networks, chat off', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const alice = await network.newMember();
    const suspended = await network.newMember();
    await suspended.suspend();
    const quiet = await network.newMember();
    const stranger = await other.newMember();
    const token = await alice.token();
    const refused = await startConversation(network, token, [suspended.profileEID]);
    expect(refused.status).toBe(400);
    expect((refused.body as unknown as Problem).code).toBe(-441);
    expect((refused.body as unknown as Problem).errors?.[0]?.pointer).toBe('/body/participants/0/EID');
    const foreign = await startConversation(network, token, [quiet.profileEID, stranger.profileEID]);
    expect(foreign.status).toBe(400);
    expect((foreign.body as unknown as Problem).errors?.map((e) => e.pointer)).toEqual([
      '/body/participants/1/EID',
    ]);
    expect((await startConversation(network, token, [alice.profileEID])).status).toBe(400);

    // With custom chat settings allowed, a member who turned chat off is refused.
    const adminToken = await network.admin.token();
    await call(`/networks/${network.networkEID}`, {
      method: 'PUT',
      token: adminToken,
      json: { allowChatCustomSettings: true },
    });
    const { setProfileFields } = await import('../../support/factories/directory.js');
    await setProfileFields(quiet.profileEID, { chatEnabled: false });
    expect((await startConversation(network, token, [quiet.profileEID])).status).toBe(400);
  });
});

describe('chat messages', () => {
  it('lists messages newest first with a keyset, counts unread from others, and marks read on reading', async () => {
    const network = await newNetwork();
    const alice = await network.newMember();
    const bob = await network.newMember();
    const [aliceToken, bobToken] = await Promise.all([alice.token(), bob.token()]);
    const conversation = (await startConversation(network, aliceToken, [bob.profileEID])).body;
    const sent: string[] = [];
    for (const text of ['one', 'two', 'three']) {
      const message = await sendChat(network, aliceToken, conversation.EID, `<p>${text}</p>`);
      expect(message.status, message.text).toBe(201);
      expect(message.body).toMatchObject({
        type: 'chat_message',
        deleted: false,
        author: { EID: alice.profileEID },
      });
      sent.push(message.body.EID);
    }
    const bobView = async () =>
      (
        await call<Conversation>(`/networks/${network.networkEID}/conversations/${conversation.EID}`, {
          token: bobToken,
        })
      ).body;
    expect((await bobView()).numUnread).toBe(3);
    expect((await bobView()).lastMessage?.EID).toBe(sent[2]);
    expect((await conversationsOf(network, bobToken, true)).map((c) => c.EID)).toEqual([conversation.EID]);
    expect(await conversationsOf(network, aliceToken, true)).toEqual([]); // her own messages

    // The aggregate's unreadConversations link answers.
    const aggregate = await call<{ _links: Record<string, { href: string }> }>(
      `/networks/${network.networkEID}/aggregate/`,
      { token: bobToken },
    );
    const link = new URL(aggregate.body._links.unreadConversations!.href);
    expect(`${link.pathname}${link.search}`).toBe(
      `/networks/${network.networkEID}/conversations/?unread=true`,
    );
    const viaLink = await call<{ total: number }>(`${link.pathname}${link.search}`, { token: bobToken });
    expect(viaLink.status).toBe(200);
    expect(viaLink.body.total).toBe(1);

    const path = `/networks/${network.networkEID}/conversations/${conversation.EID}/messages/`;
    const page = await call<MessagePage>(`${path}?limit=2`, { token: bobToken });
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(3);
    expect(page.body._embedded.messages.map((m) => m.EID)).toEqual([sent[2], sent[1]]);
    const next = await call<MessagePage>(`${path}?limit=2&before=${sent[1]}`, { token: bobToken });
    expect(next.body._embedded.messages.map((m) => m.EID)).toEqual([sent[0]]);
    expect((await bobView()).numUnread).toBe(0);
    expect(await conversationsOf(network, bobToken, true)).toEqual([]);

    await sendChat(network, aliceToken, conversation.EID, '<p>four</p>');
    expect((await bobView()).numUnread).toBe(1);
    expect((await conversationsOf(network, bobToken, true)).map((c) => c.EID)).toEqual([conversation.EID]);
    const bad = await call<Problem>(`${path}?before=nope`, { token: bobToken });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.pointer).toBe('/query/before');
    const empty = await sendChat(network, bobToken, conversation.EID, '');
    expect(empty.status).toBe(400);
  });

  it('answers 404 to non-participants and across tenants, and to a suspended participant', async () => {
    const [network, other] = await Promise.all([newNetwork(), newNetwork()]);
    const alice = await network.newMember();
    const bob = await network.newMember();
    const carol = await network.newMember();
    const aliceToken = await alice.token();
    const conversation = (await startConversation(network, aliceToken, [bob.profileEID])).body;
    const message = (await sendChat(network, aliceToken, conversation.EID, '<p>private</p>')).body;
    const base = `/networks/${network.networkEID}/conversations/${conversation.EID}`;
    const carolToken = await carol.token();
    expect((await call(base, { token: carolToken })).status).toBe(404);
    expect((await call(`${base}/messages/`, { token: carolToken })).status).toBe(404);
    expect((await sendChat(network, carolToken, conversation.EID, '<p>x</p>')).status).toBe(404);
    expect(
      (
        await call(`/networks/${network.networkEID}/chat/messages/${message.EID}/delete`, {
          token: carolToken,
          json: {},
        })
      ).status,
    ).toBe(404);
    expect(await conversationsOf(network, carolToken)).toEqual([]);
    const outsider = await other.admin.token();
    expect((await call(base, { token: outsider })).status).toBe(404);
    const ownNetwork = `/networks/${other.networkEID}/conversations/${conversation.EID}`;
    expect((await call(ownNetwork, { token: outsider })).status).toBe(404);
    expect((await call(`${ownNetwork}/messages/`, { token: outsider })).status).toBe(404);
    const bobToken = await bob.token();
    await bob.suspend();
    expect((await call(base, { token: bobToken })).status).toBe(404);
  });

  it('deletes for everyone by the author or a network admin, with the reason for admins only; others 403', async () => {
    const network = await newNetwork();
    const alice = await network.newMember();
    const bob = await network.newMember();
    const [aliceToken, bobToken, adminToken] = await Promise.all([
      alice.token(),
      bob.token(),
      network.admin.token(),
    ]);
    const conversation = (
      await startConversation(network, aliceToken, [bob.profileEID, network.admin.profileEID])
    ).body;
    const first = (await sendChat(network, aliceToken, conversation.EID, '<p>first</p>')).body;
    const second = (await sendChat(network, aliceToken, conversation.EID, '<p>second</p>')).body;
    const del = (EID: string, token: string, json: unknown = {}) =>
      call<ChatMessage & Problem>(`/networks/${network.networkEID}/chat/messages/${EID}/delete`, {
        token,
        json,
      });

    const byOther = await del(first.EID, bobToken);
    expect(byOther.status).toBe(403);
    expect(byOther.body.code).toBe(-443);
    const tooLong = await del(first.EID, aliceToken, { reason: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors?.[0]?.pointer).toBe('/body/reason');

    const byAuthor = await del(first.EID, aliceToken, { reason: 'Typo' });
    expect(byAuthor.status).toBe(200);
    expect(byAuthor.body).toMatchObject({ deleted: true, htmlBody: '' });
    expect(byAuthor.body.deletionReason).toBeUndefined();
    const byAdmin = await del(second.EID, adminToken, { reason: 'Off topic' });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ deleted: true, htmlBody: '', deletionReason: 'Off topic' });

    const path = `/networks/${network.networkEID}/conversations/${conversation.EID}/messages/`;
    const seenByBob = (await call<MessagePage>(path, { token: bobToken })).body._embedded.messages;
    expect(seenByBob.map((m) => [m.deleted, m.htmlBody, m.deletionReason])).toEqual([
      [true, '', undefined],
      [true, '', undefined],
    ]);
    const seenByAdmin = (await call<MessagePage>(path, { token: adminToken })).body._embedded.messages;
    expect(seenByAdmin.map((m) => m.deletionReason)).toEqual(['Off topic', 'Typo']);
    expect((await del('ffffffffffffffffffffffff', aliceToken)).status).toBe(404);
  });
});
