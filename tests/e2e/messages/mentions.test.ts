/**
 * Mentions over HTTP: a message or comment names the people it
 * mentions in `mentions` (references), checked with auth: each must be an active member of the
 * network (400 naming the item otherwise: another network's person, a suspended one, a malformed
 * reference); each person mentioned but the author gets one `events.messaging.message.mentioned`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { messagesPath, newMessage, type MessageBody } from '../../support/factories/messages.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
const reader = new EventReader();

beforeAll(async () => {
  network = await newNetwork('Mentions');
  adminToken = await network.admin.token();
  await reader.open();
});
afterAll(() => reader.close());

const user = (EID: string) => ({ type: 'user', EID });

describe('mentions', () => {
  it('stores the people mentioned and records one mention event per person but the author', async () => {
    const [ann, bob] = await Promise.all([network.newMember(), network.newMember()]);
    const posted = await call<MessageBody>(messagesPath(network.networkEID), {
      token: adminToken,
      json: {
        type: 'update',
        htmlBody: '<p>Hello Ann and Bob</p>',
        mentions: [
          user(ann.profileEID),
          user(bob.profileEID),
          user(ann.profileEID),
          user(network.admin.profileEID),
        ],
      },
    });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body.mentions).toEqual([
      user(ann.profileEID),
      user(bob.profileEID),
      user(network.admin.profileEID),
    ]);
    const comment = await call<MessageBody>(
      messagesPath(network.networkEID, `${posted.body.EID}/comments/`),
      {
        token: await bob.token(),
        json: { htmlBody: '<p>Ann, look</p>', mentions: [user(ann.profileEID)] },
      },
    );
    expect(comment.status, comment.text).toBe(201);
    expect(comment.body.mentions).toEqual([user(ann.profileEID)]);
    const plain = await newMessage(network.networkEID, adminToken);
    expect(plain.mentions).toEqual([]);

    const events = await reader.eventsOf('events.messaging.message.mentioned', network.networkEID, 3);
    expect(events).toHaveLength(3);
    expect(events.map((e) => (e.data as { recipient: { EID: string } }).recipient.EID)).toEqual([
      ann.profileEID,
      bob.profileEID,
      ann.profileEID,
    ]);
    expect(events[0]).toMatchObject({
      actor: user(network.admin.profileEID),
      data: { alert: 'mention', message: { EID: posted.body.EID } },
    });
    expect(events[2]).toMatchObject({ data: { message: { EID: comment.body.EID, type: 'comment' } } });
  });

  it('answers 400 naming the item for another network’s person, a suspended one, a malformed one', async () => {
    const other = await newNetwork('Mentions other');
    const suspended = await network.newMember();
    await suspended.suspend();
    const cases: [unknown, string][] = [
      [[user(other.admin.profileEID)], '/body/mentions/0/EID'],
      [[user(network.admin.profileEID), user(suspended.profileEID)], '/body/mentions/1/EID'],
      [[{ type: 'group', EID: network.admin.profileEID }], '/body/mentions/0/type'],
      [[user('nope')], '/body/mentions/0/EID'],
    ];
    for (const [mentions, pointer] of cases) {
      const answer = await call<MessageBody>(messagesPath(network.networkEID), {
        token: adminToken,
        json: { type: 'update', htmlBody: '<p>x</p>', mentions },
      });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.body.errors?.map((e) => e.pointer)).toContain(pointer);
    }
  });
});

describe('mentions on edit', () => {
  it('replaces the list; only the newly mentioned get an event; unknown people are 400', async () => {
    const own = await newNetwork('Mentions edit');
    const ownToken = await own.admin.token();
    const [ann, bob] = await Promise.all([own.newMember(), own.newMember()]);
    const posted = await call<MessageBody>(messagesPath(own.networkEID), {
      token: ownToken,
      json: { type: 'update', htmlBody: '<p>Ann</p>', mentions: [user(ann.profileEID)] },
    });
    expect(posted.status, posted.text).toBe(201);
    const edited = await call<MessageBody>(messagesPath(own.networkEID, `${posted.body.EID}/`), {
      method: 'PUT',
      token: ownToken,
      json: { htmlBody: '<p>Ann and Bob</p>', mentions: [user(ann.profileEID), user(bob.profileEID)] },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.mentions).toEqual([user(ann.profileEID), user(bob.profileEID)]);
    const refused = await call<MessageBody>(messagesPath(own.networkEID, `${posted.body.EID}/`), {
      method: 'PUT',
      token: ownToken,
      json: { htmlBody: '<p>x</p>', mentions: [user(network.admin.profileEID)] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((e) => e.pointer)).toContain('/body/mentions/0/EID');
    const events = await reader.eventsOf('events.messaging.message.mentioned', own.networkEID, 2);
    expect(events.map((e) => (e.data as { recipient: { EID: string } }).recipient.EID)).toEqual([
      ann.profileEID,
      bob.profileEID,
    ]);
  });
});
