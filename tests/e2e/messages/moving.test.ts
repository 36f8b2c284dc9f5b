/**
 * `move` and `share` over HTTP (spec: Message actions). Move needs
 * removal rights at the source and `post_message` at the target; the comments follow. Share posts
 * the caller's update referencing the original (`sharedFrom`). Comments are neither moved nor
 * shared (400); 404 across networks and for a hidden group's message; bad input 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
import { actionPath } from '../../support/factories/actions.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { addMember, newGroup, type Collection } from '../../support/factories/groups.js';
import {
  groupTimelinePath,
  messagesPath,
  newComment,
  newMessage,
  timelinePath,
  type MessageBody,
} from '../../support/factories/messages.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
const reader = new EventReader();

beforeAll(async () => {
  network = await newNetwork('Moving');
  adminToken = await network.admin.token();
  await reader.open();
});
afterAll(() => reader.close());

const post = (messageEID: string, verb: 'move' | 'share', token: string, json: unknown) =>
  call<MessageBody>(actionPath(network.networkEID, messageEID, verb), { method: 'POST', token, json });

const timelineEIDs = async (path: string, token: string) => {
  const page = await call<Collection<MessageBody>>(path, { token });
  expect(page.status, page.text).toBe(200);
  return (page.body._embedded.messages ?? []).map((m) => m.EID);
};

const groupRef = (EID: string) => ({ type: 'group', EID });

describe('move', () => {
  it('moves a message and its comments to another group, then to the network', async () => {
    const [author, outsider] = await Promise.all([network.newMember(), network.newMember()]);
    const authorToken = await author.token();
    const outsiderToken = await outsider.token();
    const source = await newGroup(network.networkEID, adminToken, { hidden: true });
    const target = await newGroup(network.networkEID, adminToken);
    await addMember(network.networkEID, source.EID, adminToken, author.profileEID);
    await addMember(network.networkEID, target.EID, adminToken, author.profileEID);
    await addMember(network.networkEID, target.EID, adminToken, outsider.profileEID);
    const message = await newMessage(network.networkEID, authorToken, { groupEID: source.EID });
    const comment = await newComment(network.networkEID, message.EID, authorToken);
    expect(
      (await call(messagesPath(network.networkEID, `${comment.EID}/`), { token: outsiderToken })).status,
    ).toBe(404);

    const moved = await post(message.EID, 'move', authorToken, { group: groupRef(target.EID) });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.group).toEqual(groupRef(target.EID));
    expect(await timelineEIDs(groupTimelinePath(network.networkEID, target.EID), outsiderToken)).toContain(
      message.EID,
    );
    expect(await timelineEIDs(groupTimelinePath(network.networkEID, source.EID), authorToken)).not.toContain(
      message.EID,
    );
    const followed = await call<MessageBody>(messagesPath(network.networkEID, `${comment.EID}/`), {
      token: outsiderToken,
    });
    expect(followed.status, followed.text).toBe(200);
    expect(followed.body.group).toEqual(groupRef(target.EID));
    const [event] = await reader.eventsOf('events.messaging.message.moved', network.networkEID, 1);
    expect(event).toMatchObject({
      data: { message: { EID: message.EID }, from: groupRef(source.EID), to: groupRef(target.EID) },
    });

    const toNetwork = await post(message.EID, 'move', authorToken, { group: null });
    expect(toNetwork.status, toNetwork.text).toBe(200);
    expect(toNetwork.body.group).toBeNull();
    expect(await timelineEIDs(timelinePath(network.networkEID), outsiderToken)).toContain(message.EID);
  });

  it('needs removal rights at the source and post_message at the target', async () => {
    const member = await network.newMember();
    const memberToken = await member.token();
    const message = await newMessage(network.networkEID, adminToken);
    const refused = await post(message.EID, 'move', memberToken, { group: null });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(-333);
    const own = await newMessage(network.networkEID, memberToken);
    const visible = await newGroup(network.networkEID, adminToken);
    const notPoster = await post(own.EID, 'move', memberToken, { group: groupRef(visible.EID) });
    expect(notPoster.status).toBe(403);
    expect(notPoster.body.code).toBe(-302);
    const hidden = await newGroup(network.networkEID, adminToken, { hidden: true });
    const unseen = await post(own.EID, 'move', memberToken, { group: groupRef(hidden.EID) });
    expect(unseen.status).toBe(404);
    expect(unseen.body.code).toBe(-301);
  });

  it('refuses a comment (400), bad input (400 naming the field), other networks and hidden groups (404)', async () => {
    const message = await newMessage(network.networkEID, adminToken);
    const comment = await newComment(network.networkEID, message.EID, adminToken);
    const onComment = await post(comment.EID, 'move', adminToken, { group: null });
    expect(onComment.status).toBe(400);
    expect(onComment.body.code).toBe(-332);
    for (const [json, pointer] of [
      [{}, '/body/group'],
      [{ group: { type: 'group', EID: 'nope' } }, '/body/group'],
    ] as const) {
      const bad = await post(message.EID, 'move', adminToken, json);
      expect(bad.status, bad.text).toBe(400);
      expect(bad.body.errors?.map((e) => e.pointer).some((p) => p.startsWith(pointer))).toBe(true);
    }
    const other = await newNetwork('Moving other');
    const foreign = await newMessage(other.networkEID, await other.admin.token());
    expect((await post(foreign.EID, 'move', adminToken, { group: null })).status).toBe(404);
    const memberToken = await (await network.newMember()).token();
    const hidden = await newGroup(network.networkEID, adminToken, { hidden: true });
    const secret = await newMessage(network.networkEID, adminToken, { groupEID: hidden.EID });
    expect((await post(secret.EID, 'move', memberToken, { group: null })).status).toBe(404);
  });
});

describe('share', () => {
  it('posts the caller’s update referencing the original, on the timeline', async () => {
    const member = await network.newMember();
    const memberToken = await member.token();
    const original = await newMessage(network.networkEID, adminToken);
    const shared = await post(original.EID, 'share', memberToken, { htmlBody: '<p>Look at this</p>' });
    expect(shared.status, shared.text).toBe(201);
    expect(shared.body).toMatchObject({
      type: 'update',
      author: { EID: member.profileEID },
      htmlBody: '<p>Look at this</p>',
      sharedFrom: { type: 'update', EID: original.EID },
      group: null,
    });
    expect(shared.body._links.sharedFrom?.href).toMatch(new RegExp(`/messages/${original.EID}/$`));
    expect(await timelineEIDs(timelinePath(network.networkEID), memberToken)).toContain(shared.body.EID);
    expect(original.sharedFrom).toBeNull();
    const [event] = await reader.eventsOf('events.messaging.message.shared', network.networkEID, 1);
    expect(event).toMatchObject({
      data: { message: { EID: original.EID }, share: { EID: shared.body.EID } },
    });
  });

  it('shares only where the caller may post; refuses comments and bad input; 404 elsewhere', async () => {
    const memberToken = await (await network.newMember()).token();
    const original = await newMessage(network.networkEID, adminToken);
    const visible = await newGroup(network.networkEID, adminToken);
    const notPoster = await post(original.EID, 'share', memberToken, {
      htmlBody: '<p>x</p>',
      group: groupRef(visible.EID),
    });
    expect(notPoster.status).toBe(403);
    const comment = await newComment(network.networkEID, original.EID, adminToken);
    const onComment = await post(comment.EID, 'share', memberToken, { htmlBody: '<p>x</p>' });
    expect(onComment.status).toBe(400);
    expect(onComment.body.code).toBe(-332);
    const missing = await post(original.EID, 'share', memberToken, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.map((e) => e.pointer)).toContain('/body/htmlBody');
    const other = await newNetwork('Sharing other');
    const foreign = await newMessage(other.networkEID, await other.admin.token());
    expect((await post(foreign.EID, 'share', memberToken, { htmlBody: '<p>x</p>' })).status).toBe(404);
    const hidden = await newGroup(network.networkEID, adminToken, { hidden: true });
    const secret = await newMessage(network.networkEID, adminToken, { groupEID: hidden.EID });
    expect((await post(secret.EID, 'share', memberToken, { htmlBody: '<p>x</p>' })).status).toBe(404);
  });
});
