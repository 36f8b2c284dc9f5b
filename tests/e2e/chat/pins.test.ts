/**
 * Pins in chat over HTTP: any participant pins a chat message for the conversation through its
 * `pin` link (idempotent) and unpins it; the conversation links `pinned`, its pinned messages, most
 * recent pin first, at most 10. Refused: a deleted message (409), an 11th pin (409); 404 to a
 * non-participant and across networks. The other participant's live stream gets the pin.
 * Decisions: docs/decisions.md, "Messaging: pins".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PINS_PER_TIMELINE_MAX } from '@ncs/contracts';
import { call } from '../../support/api.js';
import {
  closeFactories,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { sendChat, startConversation, type ChatMessage } from '../../support/factories/chat.js';
import { contentAbout, liveStreams, type OpenStream } from '../../support/factories/stream.js';

type Linked<T> = T & { pinned: boolean; _links: Record<string, { href: string }> };

afterAll(closeFactories);

let network: TestNetwork;
let alice: TestPerson;
let bob: TestPerson;
let carol: TestPerson;
let aliceToken: string;
let bobToken: string;
let carolToken: string;
let conversationEID: string;
let bobStream: OpenStream;
const live = liveStreams();

beforeAll(async () => {
  network = await newNetwork('Chat pins');
  [alice, bob, carol] = await Promise.all([network.newMember(), network.newMember(), network.newMember()]);
  [aliceToken, bobToken, carolToken] = await Promise.all([alice.token(), bob.token(), carol.token()]);
  const conversation = await startConversation(network, aliceToken, [bob.profileEID]);
  expect(conversation.status, conversation.text).toBe(201);
  conversationEID = conversation.body.EID;
  bobStream = await live.open(network.networkEID, bob);
});
afterAll(() => live.closeAll());

const send = async (text = '<p>Hi</p>') => {
  const sent = await sendChat(network, aliceToken, conversationEID, text);
  expect(sent.status, sent.text).toBe(201);
  return sent.body as Linked<ChatMessage>;
};
const chatPath = (messageEID: string, verb: string) =>
  `/networks/${network.networkEID}/chat/messages/${messageEID}/${verb}`;
const pin = (messageEID: string, token: string) =>
  call<Linked<ChatMessage>>(chatPath(messageEID, 'pin'), { method: 'POST', token });
const unpin = (messageEID: string, token: string) =>
  call<Linked<ChatMessage>>(chatPath(messageEID, 'unpin'), { method: 'POST', token });

async function pinnedList(token: string): Promise<string[]> {
  const conversation = await call<{ _links: Record<string, { href: string }> }>(
    `/networks/${network.networkEID}/conversations/${conversationEID}`,
    { token },
  );
  expect(conversation.status, conversation.text).toBe(200);
  const link = conversation.body._links.pinned;
  expect(link, 'the conversation links `pinned`').toBeDefined();
  const page = await call<{ _embedded: { messages: ChatMessage[] } }>(new URL(link!.href).pathname, {
    token,
  });
  expect(page.status, page.text).toBe(200);
  return page.body._embedded.messages.map((message) => message.EID);
}

describe('pins in chat', () => {
  it('lets either participant pin through the `pin` link, once, lists newest pin first and streams it', async () => {
    const first = await send();
    const second = await send();
    expect(first.pinned).toBe(false);
    expect(first._links.pin).toBeDefined();
    const pinned = await call<Linked<ChatMessage>>(new URL(first._links.pin!.href).pathname, {
      method: 'POST',
      token: bobToken,
    });
    expect(pinned.status, pinned.text).toBe(200);
    expect(pinned.body.pinned).toBe(true);
    expect(pinned.body._links.unpin).toBeDefined();
    expect(pinned.body._links.pin).toBeUndefined();
    expect((await pin(first.EID, aliceToken)).body.pinned).toBe(true); // again: nothing more
    expect((await pin(second.EID, aliceToken)).status).toBe(200);
    expect(await pinnedList(bobToken)).toEqual([second.EID, first.EID]);
    const event = await bobStream.waitFor(
      contentAbout('messaging.chat_message.pinned', second.EID, 'chatMessage'),
    );
    expect(event.data.data).toMatchObject({ pinner: { type: 'user', EID: alice.profileEID } });

    const unpinned = await unpin(first.EID, aliceToken);
    expect(unpinned.status, unpinned.text).toBe(200);
    expect(unpinned.body.pinned).toBe(false);
    expect((await unpin(first.EID, aliceToken)).status).toBe(200);
    expect(await pinnedList(aliceToken)).toEqual([second.EID]);
    expect((await unpin(second.EID, bobToken)).status).toBe(200);
  });

  it('refuses a deleted message (409) and drops a pinned one that is deleted', async () => {
    const message = await send();
    expect((await pin(message.EID, aliceToken)).status).toBe(200);
    const deleted = await call(chatPath(message.EID, 'delete'), {
      method: 'POST',
      token: aliceToken,
      json: {},
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await pinnedList(aliceToken)).not.toContain(message.EID);
    const refused = await pin(message.EID, bobToken);
    expect(refused.status, refused.text).toBe(409);
  });

  it(`holds at most ${PINS_PER_TIMELINE_MAX} pins per conversation`, async () => {
    const messages: ChatMessage[] = [];
    for (let i = 0; i <= PINS_PER_TIMELINE_MAX; i += 1) messages.push(await send(`<p>${i}</p>`));
    for (const message of messages.slice(0, PINS_PER_TIMELINE_MAX)) {
      expect((await pin(message.EID, aliceToken)).status).toBe(200);
    }
    const refused = await pin(messages[PINS_PER_TIMELINE_MAX]!.EID, bobToken);
    expect(refused.status, refused.text).toBe(409);
    expect((await unpin(messages[0]!.EID, bobToken)).status).toBe(200);
    expect((await pin(messages[PINS_PER_TIMELINE_MAX]!.EID, bobToken)).status).toBe(200);
    for (const message of messages) await unpin(message.EID, aliceToken);
  });

  it('answers 404 to a non-participant and across networks', async () => {
    const message = await send();
    expect((await pin(message.EID, carolToken)).status).toBe(404);
    const list = await call(`/networks/${network.networkEID}/conversations/${conversationEID}/pinned/`, {
      token: carolToken,
    });
    expect(list.status).toBe(404);
    const other = await newNetwork('Chat pins other');
    const otherToken = await other.admin.token();
    const across = await call(`/networks/${other.networkEID}/chat/messages/${message.EID}/pin`, {
      method: 'POST',
      token: otherToken,
    });
    expect(across.status).toBe(404);
    expect((await pin(message.EID, aliceToken)).body.pinned).toBe(true);
    expect((await unpin(message.EID, aliceToken)).body.pinned).toBe(false);
  });
});
