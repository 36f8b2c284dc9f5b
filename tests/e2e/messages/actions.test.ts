/**
 * Message actions over HTTP (issue #10, concern "actions"): `read` marks a message read for the
 * caller, idempotently; `numReaders` counts distinct readers and `_user.read` shows the caller's
 * standing; the first read of a person records `events.messaging.message.read`; 404 for a message
 * of another network and for a group message the caller may not read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { newGroup } from '../../support/factories/groups.js';
import { messagesPath, newMessage, type MessageBody } from '../../support/factories/messages.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
let memberToken: string;

beforeAll(async () => {
  network = await newNetwork('Actions');
  adminToken = await network.admin.token();
  memberToken = await (await network.newMember()).token();
});

const readPath = (messageEID: string) => messagesPath(network.networkEID, `${messageEID}/read`);

describe('read', () => {
  const reader = new EventReader();
  beforeAll(() => reader.open());
  afterAll(() => reader.close());

  it('counts distinct readers, is idempotent and shows the caller’s own standing', async () => {
    const message = await newMessage(network.networkEID, adminToken);
    expect(message).toMatchObject({ numReaders: 0, _user: { read: false } });
    const first = await call<MessageBody>(readPath(message.EID), { method: 'POST', token: memberToken });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ EID: message.EID, numReaders: 1, _user: { read: true } });
    const again = await call<MessageBody>(readPath(message.EID), { method: 'POST', token: memberToken });
    expect(again.body).toMatchObject({ numReaders: 1, _user: { read: true } });
    const byAdmin = await call<MessageBody>(readPath(message.EID), { method: 'POST', token: adminToken });
    expect(byAdmin.body).toMatchObject({ numReaders: 2, _user: { read: true } });
    const asMember = await call<MessageBody>(messagesPath(network.networkEID, message.EID), {
      token: memberToken,
    });
    expect(asMember.body).toMatchObject({ numReaders: 2, _user: { read: true } });
    const events = await reader.eventsOf('events.messaging.message.read', network.networkEID, 2);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ data: { message: { EID: message.EID }, reader: { type: 'user' } } });
  });

  it('answers 404 across networks and for a group message the caller may not read', async () => {
    const other = await newNetwork('Actions other');
    const foreign = await newMessage(other.networkEID, await other.admin.token());
    const across = await call(readPath(foreign.EID), { method: 'POST', token: memberToken });
    expect(across.status).toBe(404);
    const group = await newGroup(network.networkEID, adminToken, { hidden: true });
    const hidden = await newMessage(network.networkEID, adminToken, { groupEID: group.EID });
    const denied = await call(readPath(hidden.EID), { method: 'POST', token: memberToken });
    expect(denied.status).toBe(404);
  });
});
