/**
 * Messages over HTTP: posting updates to the network and to groups, reading a
 * message and the timelines newest first with paging, who may read and post (asked of auth at every
 * request, so a membership change is honoured at once), sanitised `htmlBody`, comments, likes, the
 * locked-message rules (spec: States and transitions) and the domain events on JetStream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import {
  addMember,
  groupsPath,
  membersPath,
  newGroup,
  type Collection,
} from '../../support/factories/groups.js';
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
let member: { profileEID: string; token: string };
let outsider: { profileEID: string; token: string };

beforeAll(async () => {
  network = await newNetwork('Messages');
  adminToken = await network.admin.token();
  const [m, o] = await Promise.all([network.newMember(), network.newMember()]);
  member = { profileEID: m.profileEID, token: await m.token() };
  outsider = { profileEID: o.profileEID, token: await o.token() };
});

/** An absolute link to `path`, as the gateway writes them. */
const href = (path: string) => `${baseUrl()}${path}`;

const items = (collection: Collection<MessageBody>) => collection._embedded.messages ?? [];

describe('posting and reading', () => {
  it('posts an update to the network timeline and reads it back with its links', async () => {
    const posted = await call<MessageBody>(messagesPath(network.networkEID), {
      token: member.token,
      json: { type: 'update', htmlBody: '<p>Hello <b>all</b></p>' },
    });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body).toMatchObject({
      type: 'update',
      author: { type: 'user', EID: member.profileEID },
      htmlBody: '<p>Hello <b>all</b></p>',
      group: null,
      parent: null,
      locked: false,
      reactable: true,
      numComments: 0,
      numLikes: 0,
      _user: { liked: false },
    });
    const EID = posted.body.EID;
    expect(posted.body._links.self?.href).toBe(href(messagesPath(network.networkEID, `${EID}/`)));
    expect(posted.body._links.timeline?.href).toBe(href(timelinePath(network.networkEID)));
    expect(posted.body._links.comments?.href).toBe(
      href(messagesPath(network.networkEID, `${EID}/comments/`)),
    );
    expect(posted.body._links.likers).toBeDefined();

    const read = await call<MessageBody>(messagesPath(network.networkEID, `${EID}/`), {
      token: outsider.token,
    });
    expect(read.status, read.text).toBe(200);
    expect(read.body.htmlBody).toBe('<p>Hello <b>all</b></p>');
  });

  it('sanitises hostile HTML: what is stored is what is read', async () => {
    const hostile =
      '<p onclick="steal()">Hi<script>alert(1)</script><img src="javascript:alert(1)"><a href="javascript:x">l</a></p>';
    const posted = await newMessage(network.networkEID, member.token, { htmlBody: hostile });
    expect(posted.htmlBody).not.toMatch(/script|onclick|javascript:/i);
    expect(posted.htmlBody).toContain('Hi');
    const read = await call<MessageBody>(messagesPath(network.networkEID, `${posted.EID}/`), {
      token: member.token,
    });
    expect(read.body.htmlBody).toBe(posted.htmlBody);

    const empty = await call<MessageBody>(messagesPath(network.networkEID), {
      token: member.token,
      json: { type: 'update', htmlBody: '<script>alert(1)</script>' },
    });
    expect(empty.status, empty.text).toBe(400);
    expect(empty.body.code).toBe(-306);
    expect(empty.body.errors?.[0]?.pointer).toBe('/body/htmlBody');
  });

  it('answers bad input with 400 problem+json naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'update' }, '/body/htmlBody'],
      [{ type: 'update', htmlBody: '' }, '/body/htmlBody'],
      [{ type: 'no_such_type', htmlBody: '<p>x</p>' }, '/body/type'],
      [{ type: 'update', htmlBody: '<p>x</p>', group: { type: 'group', EID: 'nope' } }, '/body/group/EID'],
      [{ type: 'update', htmlBody: '<p>x</p>', numLikes: 5 }, '/body/numLikes'],
    ];
    for (const [json, pointer] of cases) {
      const answer = await call<MessageBody>(messagesPath(network.networkEID), { token: member.token, json });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.body.errors?.map((e) => e.pointer)).toContain(pointer);
    }
  });

  it('is 404 for an unknown message and for another network’s', async () => {
    const other = await newNetwork('Other');
    const otherToken = await other.admin.token();
    const message = await newMessage(network.networkEID, member.token);
    const unknown = await call(messagesPath(network.networkEID, 'ffffffffffffffffffffffff/'), {
      token: member.token,
    });
    expect(unknown.status).toBe(404);
    const crossTenant = await call(messagesPath(other.networkEID, `${message.EID}/`), { token: otherToken });
    expect(crossTenant.status).toBe(404);
    const viaPath = await call(messagesPath(network.networkEID, `${message.EID}/`), { token: otherToken });
    expect(viaPath.status).toBe(404);
  });
});

describe('timelines', () => {
  it('lists the network timeline newest first, with limit and offset', async () => {
    const own = await newNetwork('Timeline');
    const token = await own.admin.token();
    const posted: string[] = [];
    for (let i = 0; i < 3; i++) posted.push((await newMessage(own.networkEID, token)).EID);
    const first = await call<Collection<MessageBody>>(`${timelinePath(own.networkEID)}?limit=2`, { token });
    expect(first.status, first.text).toBe(200);
    expect(first.body.total).toBe(3);
    expect(items(first.body).map((m) => m.EID)).toEqual([posted[2], posted[1]]);
    expect(first.body._links.next).toBeDefined();
    const second = await call<Collection<MessageBody>>(`${timelinePath(own.networkEID)}?limit=2&offset=2`, {
      token,
    });
    expect(items(second.body).map((m) => m.EID)).toEqual([posted[0]]);
  });

  it('keeps group posts on the group timeline, off the network’s', async () => {
    const own = await newNetwork('Group timeline');
    const token = await own.admin.token();
    const group = await newGroup(own.networkEID, token);
    const inGroup = await newMessage(own.networkEID, token, { groupEID: group.EID });
    expect(inGroup.group).toEqual({ type: 'group', EID: group.EID });
    expect(inGroup._links.groupTimeline?.href).toBe(href(groupTimelinePath(own.networkEID, group.EID)));
    expect(inGroup._links.timeline).toBeUndefined();
    const onNetwork = await newMessage(own.networkEID, token);
    const groupTimeline = await call<Collection<MessageBody>>(groupTimelinePath(own.networkEID, group.EID), {
      token,
    });
    expect(items(groupTimeline.body).map((m) => m.EID)).toEqual([inGroup.EID]);
    const networkTimeline = await call<Collection<MessageBody>>(timelinePath(own.networkEID), { token });
    expect(items(networkTimeline.body).map((m) => m.EID)).toEqual([onNetwork.EID]);
  });
});

describe('group access, asked of auth at every request', () => {
  it('hides a hidden group’s timeline and messages from non-members (404), shows them to members', async () => {
    const group = await newGroup(network.networkEID, adminToken, { hidden: true });
    await addMember(network.networkEID, group.EID, adminToken, member.profileEID);
    const message = await newMessage(network.networkEID, member.token, { groupEID: group.EID });
    for (const path of [
      groupTimelinePath(network.networkEID, group.EID),
      messagesPath(network.networkEID, `${message.EID}/`),
      messagesPath(network.networkEID, `${message.EID}/comments/`),
    ]) {
      expect((await call(path, { token: outsider.token })).status, path).toBe(404);
      expect((await call(path, { token: member.token })).status, path).toBe(200);
    }
    const post = await call(messagesPath(network.networkEID), {
      token: outsider.token,
      json: { type: 'update', htmlBody: '<p>x</p>', group: { type: 'group', EID: group.EID } },
    });
    expect(post.status).toBe(404);
    const like = await call(messagesPath(network.networkEID, `${message.EID}/like`), {
      method: 'POST',
      token: outsider.token,
    });
    expect(like.status).toBe(404);
  });

  it('refuses a visible group’s timeline to a non-member (403) and posting without post_message (403)', async () => {
    const group = await newGroup(network.networkEID, adminToken, { membersMayPost: false });
    await addMember(network.networkEID, group.EID, adminToken, member.profileEID);
    const timeline = await call<MessageBody>(groupTimelinePath(network.networkEID, group.EID), {
      token: outsider.token,
    });
    expect(timeline.status).toBe(403);
    expect(timeline.body.code).toBe(-303);
    const post = await call<MessageBody>(messagesPath(network.networkEID), {
      token: member.token,
      json: { type: 'update', htmlBody: '<p>x</p>', group: { type: 'group', EID: group.EID } },
    });
    expect(post.status, post.text).toBe(403);
    expect(post.body.code).toBe(-302);
    // The group's administrator may post.
    await newMessage(network.networkEID, adminToken, { groupEID: group.EID });
    // Members may post once membersMayPost is on again: honoured at once.
    const edited = await call(groupsPath(network.networkEID, `${group.EID}/`), {
      method: 'PUT',
      token: adminToken,
      json: { membersMayPost: true },
    });
    expect(edited.status, edited.text).toBe(200);
    await newMessage(network.networkEID, member.token, { groupEID: group.EID });
  });

  it('honours a removal from a group at once: the removed member can no longer read its timeline', async () => {
    const group = await newGroup(network.networkEID, adminToken, { hidden: true });
    const leaver = await network.newMember();
    const leaverToken = await leaver.token();
    await addMember(network.networkEID, group.EID, adminToken, leaver.profileEID);
    const path = groupTimelinePath(network.networkEID, group.EID);
    expect((await call(path, { token: leaverToken })).status).toBe(200);
    const removed = await call(membersPath(network.networkEID, group.EID, `${leaver.profileEID}/`), {
      method: 'DELETE',
      token: adminToken,
    });
    expect(removed.status, removed.text).toBe(204);
    expect((await call(path, { token: leaverToken })).status).toBe(404);
  });
});

describe('comments, likes and locking', () => {
  const action = (messageEID: string, verb: string, token: string) =>
    call<MessageBody>(messagesPath(network.networkEID, `${messageEID}/${verb}`), { method: 'POST', token });

  it('comments on a message, counts them and lists them oldest first', async () => {
    const message = await newMessage(network.networkEID, member.token);
    const first = await newComment(
      network.networkEID,
      message.EID,
      outsider.token,
      '<p>First<script>x</script></p>',
    );
    expect(first).toMatchObject({ type: 'comment', parent: { type: 'update', EID: message.EID } });
    expect(first.htmlBody).toBe('<p>First</p>');
    expect(first._links.parent?.href).toBe(href(messagesPath(network.networkEID, `${message.EID}/`)));
    const second = await newComment(network.networkEID, message.EID, member.token);
    const list = await call<Collection<MessageBody>>(
      messagesPath(network.networkEID, `${message.EID}/comments/`),
      {
        token: member.token,
      },
    );
    expect(list.status, list.text).toBe(200);
    expect(items(list.body).map((c) => c.EID)).toEqual([first.EID, second.EID]);
    const read = await call<MessageBody>(messagesPath(network.networkEID, `${message.EID}/`), {
      token: member.token,
    });
    expect(read.body.numComments).toBe(2);
    const onComment = await call<MessageBody>(messagesPath(network.networkEID, `${first.EID}/comments/`), {
      token: member.token,
      json: { htmlBody: '<p>reply</p>' },
    });
    expect(onComment.status).toBe(400);
    expect(onComment.body.code).toBe(-308);
  });

  it('likes and unlikes, idempotently, with numLikes, _user.liked and the likers', async () => {
    const message = await newMessage(network.networkEID, member.token);
    const liked = await action(message.EID, 'like', outsider.token);
    expect(liked.status, liked.text).toBe(200);
    expect(liked.body).toMatchObject({ numLikes: 1, _user: { liked: true } });
    expect((await action(message.EID, 'like', outsider.token)).body.numLikes).toBe(1);
    expect((await action(message.EID, 'like', member.token)).body.numLikes).toBe(2);
    const likers = await call<Collection<{ user: { EID: string } }>>(
      messagesPath(network.networkEID, `${message.EID}/likers/`),
      { token: member.token },
    );
    expect(likers.body._embedded.likers?.map((l) => l.user.EID)).toEqual([
      member.profileEID,
      outsider.profileEID,
    ]);
    const unliked = await action(message.EID, 'unlike', outsider.token);
    expect(unliked.body).toMatchObject({ numLikes: 1, _user: { liked: false } });
    expect((await action(message.EID, 'unlike', outsider.token)).body.numLikes).toBe(1);
  });

  it('locks a message: likes and comments are refused (409), counters read 0, no comments/likers links', async () => {
    const message = await newMessage(network.networkEID, member.token);
    await newComment(network.networkEID, message.EID, outsider.token);
    await action(message.EID, 'like', outsider.token);
    const refused = await action(message.EID, 'lock', outsider.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(-305);
    const locked = await action(message.EID, 'lock', member.token);
    expect(locked.status, locked.text).toBe(200);
    expect(locked.body).toMatchObject({ locked: true, reactable: false, numComments: 0, numLikes: 0 });
    expect(locked.body._links.comments).toBeUndefined();
    expect(locked.body._links.likers).toBeUndefined();
    const like = await action(message.EID, 'like', member.token);
    expect(like.status).toBe(409);
    expect(like.body.code).toBe(-304);
    const comment = await call<MessageBody>(messagesPath(network.networkEID, `${message.EID}/comments/`), {
      token: member.token,
      json: { htmlBody: '<p>late</p>' },
    });
    expect(comment.status).toBe(409);
    expect(comment.body.code).toBe(-304);
    // A network administrator unlocks it: the counters are back.
    const unlocked = await action(message.EID, 'unlock', adminToken);
    expect(unlocked.body).toMatchObject({ locked: false, numComments: 1, numLikes: 1 });
    expect(unlocked.body._links.comments).toBeDefined();
  });
});

describe('domain events', () => {
  const reader = new EventReader();
  beforeAll(() => reader.open());
  afterAll(() => reader.close());

  it('publishes created, commented, liked and locked through the outbox', async () => {
    const own = await newNetwork('Events');
    const token = await own.admin.token();
    const message = await newMessage(own.networkEID, token);
    await newComment(own.networkEID, message.EID, token);
    await call(messagesPath(own.networkEID, `${message.EID}/like`), { method: 'POST', token });
    await call(messagesPath(own.networkEID, `${message.EID}/lock`), { method: 'POST', token });
    const [created] = await reader.eventsOf('events.messaging.message.created', own.networkEID, 1);
    expect(created).toMatchObject({
      type: 'messaging.message.created',
      actor: { type: 'user', EID: own.admin.profileEID },
      data: {
        message: { type: 'update', EID: message.EID, author: { type: 'user', EID: own.admin.profileEID } },
      },
    });
    const [commented] = await reader.eventsOf('events.messaging.message.commented', own.networkEID, 1);
    expect(commented).toMatchObject({
      data: { message: { EID: message.EID }, comment: { type: 'comment' } },
    });
    const [liked] = await reader.eventsOf('events.messaging.message.liked', own.networkEID, 1);
    expect(liked).toMatchObject({ data: { liker: { type: 'user', EID: own.admin.profileEID } } });
    expect(await reader.eventsOf('events.messaging.message.locked', own.networkEID, 1)).toHaveLength(1);
  });
});
