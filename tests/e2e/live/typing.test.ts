/**
 * Typing indicators: a conversation and a message link `typing`; a POST there reaches the live
 * streams of the conversation's other participants, or of those who may read the message, at once
 * and without an id (never replayed, never a resume point), not the typist's own nor anyone else's;
 * a burst counts once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { startConversation } from '../../support/factories/chat.js';
import {
  closeFactories,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { addMember, newGroup } from '../../support/factories/groups.js';
import { newMessage } from '../../support/factories/messages.js';
import { type OpenStream, type StreamEvent, barrier, liveStreams } from '../../support/factories/stream.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
const live = liveStreams();

beforeAll(async () => {
  network = await newNetwork('Live typing');
  adminToken = await network.admin.token();
});

afterAll(() => live.closeAll());

const streamOf = (person: TestPerson): Promise<OpenStream> => live.open(network.networkEID, person);

const typingBy = (person: TestPerson) => (event: StreamEvent) =>
  event.event === 'typing' &&
  (event.data.data as { user?: { EID?: string } }).user?.EID === person.profileEID;

/** Once a barrier post arrived on the streams, any typing sent before would have too. */
const barrierOn = (streams: readonly OpenStream[]) => barrier(network.networkEID, adminToken, streams);

describe('typing in a conversation', () => {
  it("reaches the other participants' streams, without an id, once per burst; not the typist's, not a stranger's", async () => {
    const [alice, bob, carol] = await Promise.all([
      network.newMember(),
      network.newMember(),
      network.newMember(),
    ]);
    const aliceToken = await alice.token();
    const [aliceStream, bobStream, carolStream] = await Promise.all([
      streamOf(alice),
      streamOf(bob),
      streamOf(carol),
    ]);
    const conversation = await startConversation(network, aliceToken, [bob.profileEID]);
    expect(conversation.status, conversation.text).toBe(201);
    const typing = (conversation.body as unknown as { _links: Record<string, { href: string }> })._links
      .typing?.href;
    expect(typing).toMatch(new RegExp(`/conversations/${conversation.body.EID}/typing$`));

    for (let i = 0; i < 3; i += 1) {
      const sent = await call(new URL(typing!).pathname, { token: aliceToken, method: 'POST' });
      expect(sent.status, sent.text).toBe(204);
    }
    const event = await bobStream.waitFor(typingBy(alice));
    expect(event.id).toBeUndefined();
    expect(event.data).toEqual({
      type: 'typing',
      data: {
        user: { type: 'user', EID: alice.profileEID },
        conversation: { type: 'conversation', EID: conversation.body.EID },
        expiresInMs: 6000,
      },
    });
    await barrierOn([aliceStream, bobStream, carolStream]);
    expect(bobStream.events.filter(typingBy(alice))).toHaveLength(1);
    expect(aliceStream.events.filter(typingBy(alice))).toEqual([]);
    expect(carolStream.events.filter(typingBy(alice))).toEqual([]);

    // A stranger to the conversation cannot type in it.
    const stranger = await call(new URL(typing!).pathname, { token: await carol.token(), method: 'POST' });
    expect(stranger.status).toBe(404);
  });
});

describe('typing in a thread', () => {
  it("reaches those who may read the message: a hidden group's members, not the rest of the network", async () => {
    const [dave, erin, frank] = await Promise.all([
      network.newMember(),
      network.newMember(),
      network.newMember(),
    ]);
    const group = await newGroup(network.networkEID, adminToken, { hidden: true });
    await addMember(network.networkEID, group.EID, adminToken, dave.profileEID);
    await addMember(network.networkEID, group.EID, adminToken, erin.profileEID);
    const [erinStream, frankStream] = await Promise.all([streamOf(erin), streamOf(frank)]);
    const message = await newMessage(network.networkEID, adminToken, { groupEID: group.EID });
    const read = await call(`/networks/${network.networkEID}/messages/${message.EID}/`, {
      token: await dave.token(),
    });
    const typing = (read.body._links as Record<string, { href: string }>).typing?.href;
    expect(typing).toMatch(new RegExp(`/messages/${message.EID}/typing$`));

    const sent = await call(new URL(typing!).pathname, { token: await dave.token(), method: 'POST' });
    expect(sent.status, sent.text).toBe(204);
    const event = await erinStream.waitFor(typingBy(dave));
    expect(event.data.data).toMatchObject({ message: { EID: message.EID } });
    await barrierOn([frankStream]);
    expect(frankStream.events.filter(typingBy(dave))).toEqual([]);
    // Frank cannot read the message, so cannot type in its thread either.
    const refused = await call(new URL(typing!).pathname, { token: await frank.token(), method: 'POST' });
    expect(refused.status).toBeGreaterThanOrEqual(403);
    expect(refused.status).toBeLessThan(405);
  });
});
