/**
 * Message actions over HTTP: `read` marks a message read for the
 * caller, idempotently; `numReaders` counts distinct readers and `_user.read` shows the caller's
 * standing; the first read of a person records `events.messaging.message.read`; 404 for a message
 * of another network and for a group message the caller may not read. `GET …/readers/` lists who
 * read it (the `readers` link). `remove` soft-deletes a message for its author, a network
 * administrator or the holder of the group permission `delete_message` / `delete_comment`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
import { act } from '../../support/factories/actions.js';
import { closeFactories, newNetwork, uniqueSuffix, type TestNetwork } from '../../support/factories/core.js';
import { addMember, newGroup, type Collection } from '../../support/factories/groups.js';
import {
  groupTimelinePath,
  messagesPath,
  newComment,
  newMessage,
  timelinePath,
  type MessageBody,
} from '../../support/factories/messages.js';

interface ReaderBody {
  type: string;
  EID: string;
  user: { type: string; EID: string };
  message: { type: string; EID: string };
  _links: Record<string, { href: string }>;
}

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

const readersPath = (messageEID: string, query = '') =>
  messagesPath(network.networkEID, `${messageEID}/readers/${query}`);

describe('readers', () => {
  it('lists who read a message, most recent first, in pages; the message links to it', async () => {
    const message = await newMessage(network.networkEID, adminToken);
    expect(message._links.readers?.href).toMatch(
      new RegExp(`/networks/${network.networkEID}/messages/${message.EID}/readers/$`),
    );
    const member = await network.newMember();
    await call(readPath(message.EID), { method: 'POST', token: await member.token() });
    await call(readPath(message.EID), { method: 'POST', token: adminToken });
    const all = await call<Collection<ReaderBody>>(readersPath(message.EID), { token: memberToken });
    expect(all.status, all.text).toBe(200);
    expect(all.body.total).toBe(2);
    expect(all.body._embedded.readers?.map((r) => r.user.EID)).toEqual([
      network.admin.profileEID,
      member.profileEID,
    ]);
    expect(all.body._embedded.readers?.[0]).toMatchObject({
      type: 'reader',
      message: { EID: message.EID },
      _links: { user: { href: expect.stringMatching(new RegExp(`/users/${network.admin.profileEID}/$`)) } },
    });
    const second = await call<Collection<ReaderBody>>(readersPath(message.EID, '?limit=1&offset=1'), {
      token: memberToken,
    });
    expect(second.body._embedded.readers?.map((r) => r.user.EID)).toEqual([member.profileEID]);
    const bad = await call(readersPath(message.EID, '?limit=nope'), { token: memberToken });
    expect(bad.status).toBe(400);
  });

  it('answers 404 across networks and for a hidden group’s message', async () => {
    const other = await newNetwork('Readers other');
    const foreign = await newMessage(other.networkEID, await other.admin.token());
    expect((await call(readersPath(foreign.EID), { token: memberToken })).status).toBe(404);
    const group = await newGroup(network.networkEID, adminToken, { hidden: true });
    const hidden = await newMessage(network.networkEID, adminToken, { groupEID: group.EID });
    expect((await call(readersPath(hidden.EID), { token: memberToken })).status).toBe(404);
  });
});

describe('remove', () => {
  const reader = new EventReader();
  beforeAll(() => reader.open());
  afterAll(() => reader.close());

  const timelineEIDs = async (path: string, token: string) => {
    const page = await call<Collection<MessageBody>>(path, { token });
    expect(page.status, page.text).toBe(200);
    return (page.body._embedded.messages ?? []).map((m) => m.EID);
  };

  const searchTotal = async (word: string) => {
    const found = await call<Collection<MessageBody>>(`/networks/${network.networkEID}/search/?q=${word}`, {
      token: adminToken,
    });
    expect(found.status, found.text).toBe(200);
    return found.body.total;
  };

  it('lets the author remove: 204, then 404 everywhere and off the timeline and search', async () => {
    const word = `removal${uniqueSuffix()}`;
    const message = await newMessage(network.networkEID, memberToken, { htmlBody: `<p>${word}</p>` });
    const comment = await newComment(network.networkEID, message.EID, adminToken, `<p>${word} reply</p>`);
    expect(await timelineEIDs(timelinePath(network.networkEID), adminToken)).toContain(message.EID);
    expect(await searchTotal(word)).toBe(2);
    const removed = await act(network.networkEID, message.EID, 'remove', memberToken);
    expect(removed.status, removed.text).toBe(204);
    expect(
      (await call(messagesPath(network.networkEID, `${message.EID}/`), { token: memberToken })).status,
    ).toBe(404);
    expect(await timelineEIDs(timelinePath(network.networkEID), adminToken)).not.toContain(message.EID);
    // Its comments go with it.
    expect(
      (await call(messagesPath(network.networkEID, `${comment.EID}/`), { token: adminToken })).status,
    ).toBe(404);
    expect(await searchTotal(word)).toBe(0);
    expect((await act(network.networkEID, message.EID, 'remove', memberToken)).status).toBe(404);
    expect((await act(network.networkEID, message.EID, 'like', memberToken)).status).toBe(404);
    const [event] = await reader.eventsOf('events.messaging.message.removed', network.networkEID, 1);
    expect(event).toMatchObject({ data: { message: { EID: message.EID }, remover: { type: 'user' } } });
  });

  it('refuses another member (403) and lets a network administrator remove', async () => {
    const message = await newMessage(network.networkEID, adminToken);
    const other = await newMessage(network.networkEID, memberToken);
    const refused = await act(network.networkEID, message.EID, 'remove', memberToken);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(-329);
    expect((await act(network.networkEID, other.EID, 'remove', adminToken)).status).toBe(204);
  });

  it('in a group: delete_message / delete_comment (group admins) remove, members do not', async () => {
    const [groupAdmin, author] = await Promise.all([network.newMember(), network.newMember()]);
    const [groupAdminToken, authorToken] = await Promise.all([groupAdmin.token(), author.token()]);
    const group = await newGroup(network.networkEID, adminToken);
    await addMember(network.networkEID, group.EID, adminToken, groupAdmin.profileEID, { role: 'admin' });
    await addMember(network.networkEID, group.EID, adminToken, author.profileEID);
    const memberOfGroup = await network.newMember();
    await addMember(network.networkEID, group.EID, adminToken, memberOfGroup.profileEID);
    const message = await newMessage(network.networkEID, authorToken, { groupEID: group.EID });
    const comment = await newComment(network.networkEID, message.EID, authorToken);
    await newComment(network.networkEID, message.EID, authorToken);

    const refused = await act(network.networkEID, comment.EID, 'remove', await memberOfGroup.token());
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(-329);
    expect((await act(network.networkEID, comment.EID, 'remove', groupAdminToken)).status).toBe(204);
    const parent = await call<MessageBody>(messagesPath(network.networkEID, `${message.EID}/`), {
      token: authorToken,
    });
    expect(parent.body.numComments).toBe(1);
    const comments = await call<Collection<MessageBody>>(
      messagesPath(network.networkEID, `${message.EID}/comments/`),
      {
        token: authorToken,
      },
    );
    expect(comments.body.total).toBe(1);
    expect(comments.body._embedded.messages?.map((m) => m.EID)).not.toContain(comment.EID);

    expect((await act(network.networkEID, message.EID, 'remove', groupAdminToken)).status).toBe(204);
    expect(await timelineEIDs(groupTimelinePath(network.networkEID, group.EID), authorToken)).not.toContain(
      message.EID,
    );
  });

  it('answers 404 across networks and for a hidden group’s message', async () => {
    const other = await newNetwork('Remove other');
    const foreign = await newMessage(other.networkEID, await other.admin.token());
    expect((await act(network.networkEID, foreign.EID, 'remove', adminToken)).status).toBe(404);
    const group = await newGroup(network.networkEID, adminToken, { hidden: true });
    const hidden = await newMessage(network.networkEID, adminToken, { groupEID: group.EID });
    expect((await act(network.networkEID, hidden.EID, 'remove', memberToken)).status).toBe(404);
    expect((await act(network.networkEID, 'not-an-eid', 'remove', memberToken)).status).toBe(400);
  });

  it('takes a scheduled item off the author’s scheduled items', async () => {
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const item = await call<MessageBody>(messagesPath(network.networkEID), {
      token: memberToken,
      json: { type: 'update', htmlBody: '<p>Later</p>', scheduledAt },
    });
    expect(item.status, item.text).toBe(201);
    const listed = async () => {
      const page = await call<Collection<MessageBody>>(
        `/networks/${network.networkEID}/scheduled-items/?types=update`,
        { token: memberToken },
      );
      expect(page.status, page.text).toBe(200);
      return (page.body._embedded.messages ?? []).map((m) => m.EID);
    };
    expect(await listed()).toContain(item.body.EID);
    expect((await act(network.networkEID, item.body.EID, 'remove', memberToken)).status).toBe(204);
    expect(await listed()).not.toContain(item.body.EID);
  });
});

describe('a locked message', () => {
  it('reads 0 comments and likes without comments/likers links, on GET and on the timeline; readers stay', async () => {
    const message = await newMessage(network.networkEID, memberToken);
    await newComment(network.networkEID, message.EID, adminToken);
    await act(network.networkEID, message.EID, 'like', adminToken);
    expect((await act(network.networkEID, message.EID, 'lock', memberToken)).status).toBe(200);
    const got = await call<MessageBody>(messagesPath(network.networkEID, `${message.EID}/`), {
      token: adminToken,
    });
    const timeline = await call<Collection<MessageBody>>(timelinePath(network.networkEID), {
      token: adminToken,
    });
    const onTimeline = timeline.body._embedded.messages?.find((m) => m.EID === message.EID);
    for (const shown of [got.body, onTimeline]) {
      expect(shown).toMatchObject({ locked: true, numComments: 0, numLikes: 0 });
      expect(shown?._links.comments).toBeUndefined();
      expect(shown?._links.likers).toBeUndefined();
      expect(shown?._links.readers).toBeDefined();
    }
  });
});
