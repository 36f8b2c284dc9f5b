/**
 * Timelines, threads and bubbling over HTTP (issue #10): the messages list (`/network/…` as in the
 * spec, and the plural), comment threads (`parentCommentEID`, `$parentCommentEID`), bubbling (a new
 * comment moves its message up, `bubble.reason`), user profile timelines (auth's postable-types
 * rules), `embed=comments` with `offset[comments]` and the 2024.3.0 gate. Decisions:
 * docs/decisions.md, "Messaging: timelines, threads, bubbling".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, mediaType } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
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
import { followJob, newNews, publishPath, type JobBody } from '../../support/factories/news.js';
import { setNetworkFeatures } from '../../support/factories/settings.js';
import {
  EIDsOf,
  messagesListPath,
  newReply,
  postToProfile,
  userTimelinePath,
} from '../../support/factories/timelines.js';

const events = new EventReader();
afterAll(async () => {
  await events.close();
  await closeFactories();
});

interface Person {
  profileEID: string;
  token: string;
}

let network: TestNetwork;
let admin: string;
let member: Person;
let outsider: Person;
let other: TestNetwork;
let otherAdmin: string;

beforeAll(async () => {
  await events.open();
  [network, other] = await Promise.all([newNetwork('Timelines'), newNetwork('Timelines other')]);
  [admin, otherAdmin] = await Promise.all([network.admin.token(), other.admin.token()]);
  const [m, o] = await Promise.all([network.newMember(), network.newMember()]);
  member = { profileEID: m.profileEID, token: await m.token() };
  outsider = { profileEID: o.profileEID, token: await o.token() };
});

type Page = Collection<MessageBody>;
const get = <T = Page>(path: string, token: string, accept?: string) =>
  call<T>(path, { token, ...(accept ? { accept } : {}) });
const pointers = (body: { errors?: { pointer: string }[] }) => body.errors?.map((e) => e.pointer) ?? [];

describe('the messages list', () => {
  it('lists the network timeline’s messages newest first, on the singular and the plural path, paged', async () => {
    const own = await newNetwork('Messages list');
    const token = await own.admin.token();
    const group = await newGroup(own.networkEID, token);
    const first = await newMessage(own.networkEID, token);
    const second = await newMessage(own.networkEID, token);
    await newMessage(own.networkEID, token, { groupEID: group.EID }); // on the group timeline only
    await newComment(own.networkEID, first.EID, token); // comments are read under their message
    const latest = await newMessage(own.networkEID, token);
    for (const root of ['network', 'networks'] as const) {
      const page = await get(`${messagesListPath(own.networkEID, root)}?limit=2`, token);
      expect(page.status, page.text).toBe(200);
      expect(page.body.total).toBe(3);
      // The comment bubbled `first` above `second`.
      expect(EIDsOf(page.body)).toEqual([latest.EID, first.EID]);
      const next = await get(`${messagesListPath(own.networkEID, root)}?limit=2&offset=2`, token);
      expect(EIDsOf(next.body)).toEqual([second.EID]);
    }
  });

  it('is 404 for another network’s administrator, and answers bad input with 400 naming the field', async () => {
    expect((await get(messagesListPath(network.networkEID), otherAdmin)).status).toBe(404);
    expect((await get(messagesListPath(network.networkEID, 'networks'), otherAdmin)).status).toBe(404);
    const cases: [string, string][] = [
      ['embedded=author', '/query/embedded'],
      ['embedded=originalAuthor,x', '/query/embedded'],
      ['parentCommentEID=nope', '/query/parentCommentEID'],
      ['limit=0', '/query/limit'],
      ['embed=likers', '/query/embed'],
    ];
    for (const [query, pointer] of cases) {
      const answer = await get<MessageBody>(`${messagesListPath(network.networkEID)}?${query}`, member.token);
      expect(answer.status, `${query}: ${answer.text}`).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(pointers(answer.body), query).toContain(pointer);
    }
  });

  it('embeds the original author of duplicated news with embedded=originalAuthor', async () => {
    const own = await newNetwork('Original author');
    const author = await own.admin.token();
    const copier = await own.newMember({ role: 'admin' });
    const copierToken = await copier.token();
    const original = await newNews(own.networkEID, author);
    const started = await call<JobBody>(`/network/${own.networkEID}/news/${original.EID}/duplicate/`, {
      token: copierToken,
      method: 'POST',
    });
    expect(started.status, started.text).toBe(202);
    const job = await followJob(started.body, copierToken);
    const copyEID = new URL(job._links.copy!.href).pathname.split('/').at(-2)!;
    expect(
      (await call(publishPath(own.networkEID, copyEID), { token: copierToken, method: 'POST' })).status,
    ).toBe(200);

    const embedded = await get(`${messagesListPath(own.networkEID)}?embedded=originalAuthor`, copierToken);
    expect(embedded.status, embedded.text).toBe(200);
    const items = embedded.body._embedded.messages ?? [];
    const copy = items.find((m) => m.EID === copyEID)!;
    const plain = items.find((m) => m.EID === original.EID)!;
    const originalAuthor = (copy._embedded as Record<string, { type: string; EID: string }>).originalAuthor;
    expect(originalAuthor).toMatchObject({ type: 'user', EID: original.author.EID });
    expect(plain._embedded).toBeUndefined();
    const without = await get(messagesListPath(own.networkEID), copierToken);
    const copyWithout = (without.body._embedded.messages ?? []).find((m) => m.EID === copyEID)!;
    expect(copyWithout.originalAuthor).toEqual({ type: 'user', EID: original.author.EID });
    expect(copyWithout._embedded).toBeUndefined();
  });
});

describe('threads', () => {
  it('stores and shows $parentCommentEID; the thread lists the replies oldest first; numComments counts them', async () => {
    const message = await newMessage(network.networkEID, member.token);
    const comment = await newComment(network.networkEID, message.EID, outsider.token);
    expect(comment.$parentCommentEID).toBeNull();
    const reply = await newReply(network.networkEID, message.EID, comment.EID, member.token);
    expect(reply).toMatchObject({
      type: 'comment',
      $parentCommentEID: comment.EID,
      parent: { EID: message.EID },
    });
    const second = await newReply(network.networkEID, message.EID, comment.EID, outsider.token);
    const read = await get<MessageBody>(messagesPath(network.networkEID, `${reply.EID}/`), outsider.token);
    expect(read.body.$parentCommentEID).toBe(comment.EID);
    const parent = await get<MessageBody>(messagesPath(network.networkEID, `${message.EID}/`), member.token);
    expect(parent.body.numComments).toBe(3);

    for (const root of ['network', 'networks'] as const) {
      const thread = await get(
        `${messagesListPath(network.networkEID, root)}?parentCommentEID=${comment.EID}`,
        member.token,
      );
      expect(thread.status, thread.text).toBe(200);
      expect(thread.body.total).toBe(2);
      expect(EIDsOf(thread.body)).toEqual([reply.EID, second.EID]);
    }
    const comments = await get(messagesPath(network.networkEID, `${message.EID}/comments/`), member.token);
    expect(EIDsOf(comments.body)).toEqual([comment.EID, reply.EID, second.EID]);
    const commented = await events.eventsOf('events.messaging.message.commented', network.networkEID, 3);
    expect(
      commented.find((e) => (e.data as { comment: { EID: string } }).comment.EID === reply.EID),
    ).toMatchObject({
      actor: { type: 'user', EID: member.profileEID },
      data: { message: { EID: message.EID }, comment: { type: 'comment', parentCommentEID: comment.EID } },
    });
  });

  it('takes only a comment of the same message as parent (400/404 naming parentCommentEID)', async () => {
    const message = await newMessage(network.networkEID, member.token);
    const elsewhere = await newMessage(network.networkEID, member.token);
    const foreignComment = await newComment(network.networkEID, elsewhere.EID, member.token);
    const otherMessage = await newMessage(other.networkEID, otherAdmin);
    const otherComment = await newComment(other.networkEID, otherMessage.EID, otherAdmin);
    const cases: [string, number, number | undefined][] = [
      [message.EID, 400, -310], // not a comment
      [foreignComment.EID, 400, -310], // a comment of another message
      ['ffffffffffffffffffffffff', 404, -309],
      [otherComment.EID, 404, -309], // another network's
      ['nope', 400, undefined],
    ];
    for (const [parentCommentEID, status, code] of cases) {
      const answer = await call<MessageBody>(messagesPath(network.networkEID, `${message.EID}/comments/`), {
        token: member.token,
        json: { htmlBody: '<p>reply</p>', parentCommentEID },
      });
      expect(answer.status, `${parentCommentEID}: ${answer.text}`).toBe(status);
      if (code !== undefined) expect(answer.body.code).toBe(code);
      expect(pointers(answer.body)).toContain('/body/parentCommentEID');
    }
    const read = await get<MessageBody>(messagesPath(network.networkEID, `${message.EID}/`), member.token);
    expect(read.body.numComments).toBe(0);

    const query = (eid: string, token = member.token) =>
      get<MessageBody>(`${messagesListPath(network.networkEID)}?parentCommentEID=${eid}`, token);
    expect((await query(message.EID)).body.code).toBe(-310);
    const unknown = await query('ffffffffffffffffffffffff');
    expect([unknown.status, unknown.body.code]).toEqual([404, -309]);
    expect(pointers(unknown.body)).toContain('/query/parentCommentEID');
    expect((await query(otherComment.EID)).status).toBe(404);
    // Another network's administrator with the victim's comment, through their own network.
    expect(
      (await get(`${messagesListPath(other.networkEID)}?parentCommentEID=${foreignComment.EID}`, otherAdmin))
        .status,
    ).toBe(404);
  });

  it('hides a hidden group’s thread from non-members (404), shows it to members', async () => {
    const group = await newGroup(network.networkEID, admin, { hidden: true });
    await addMember(network.networkEID, group.EID, admin, member.profileEID);
    const message = await newMessage(network.networkEID, member.token, { groupEID: group.EID });
    const comment = await newComment(network.networkEID, message.EID, member.token);
    await newReply(network.networkEID, message.EID, comment.EID, member.token);
    const path = `${messagesListPath(network.networkEID)}?parentCommentEID=${comment.EID}`;
    const hidden = await get<MessageBody>(path, outsider.token);
    expect([hidden.status, hidden.body.code]).toEqual([404, -309]);
    const reply = await call(messagesPath(network.networkEID, `${message.EID}/comments/`), {
      token: outsider.token,
      json: { htmlBody: '<p>x</p>', parentCommentEID: comment.EID },
    });
    expect(reply.status).toBe(404);
    const shown = await get(path, member.token);
    expect(shown.status).toBe(200);
    expect(shown.body.total).toBe(1);
  });
});

describe('bubbling', () => {
  it('moves a commented message up its timeline with bubble.reason new_comment', async () => {
    const own = await newNetwork('Bubbling');
    const token = await own.admin.token();
    const group = await newGroup(own.networkEID, token);
    const older = await newMessage(own.networkEID, token);
    const newer = await newMessage(own.networkEID, token);
    const olderInGroup = await newMessage(own.networkEID, token, { groupEID: group.EID });
    const newerInGroup = await newMessage(own.networkEID, token, { groupEID: group.EID });
    expect(older.bubble).toBeNull();
    expect(EIDsOf((await get(timelinePath(own.networkEID), token)).body)).toEqual([newer.EID, older.EID]);
    expect(EIDsOf((await get(groupTimelinePath(own.networkEID, group.EID), token)).body)).toEqual([
      newerInGroup.EID,
      olderInGroup.EID,
    ]);

    const comment = await newComment(own.networkEID, older.EID, token);
    await newComment(own.networkEID, olderInGroup.EID, token);
    const timeline = await get(timelinePath(own.networkEID), token);
    expect(EIDsOf(timeline.body)).toEqual([older.EID, newer.EID]);
    const [bubbled, still] = timeline.body._embedded.messages ?? [];
    expect(bubbled?.bubble).toMatchObject({
      reason: 'new_comment',
      comment: { type: 'comment', EID: comment.EID },
    });
    expect(Date.parse((bubbled?.bubble as { created: string }).created)).toBeGreaterThanOrEqual(
      Date.parse(comment.created as string),
    );
    expect(still?.bubble).toBeNull();
    expect(EIDsOf((await get(messagesListPath(own.networkEID), token)).body)).toEqual([older.EID, newer.EID]);
    expect(EIDsOf((await get(groupTimelinePath(own.networkEID, group.EID), token)).body)).toEqual([
      olderInGroup.EID,
      newerInGroup.EID,
    ]);
    // The comment itself is on no timeline and carries no bubble.
    expect(comment.bubble).toBeNull();
  });

  it('does not let clients write bubble', async () => {
    const message = await newMessage(network.networkEID, member.token);
    const bubble = { reason: 'new_comment', created: '2030-01-01T00:00:00+00:00', comment: null };
    const post = await call<MessageBody>(messagesPath(network.networkEID), {
      token: member.token,
      json: { type: 'update', htmlBody: '<p>x</p>', bubble },
    });
    expect(post.status, post.text).toBe(400);
    expect(pointers(post.body)).toContain('/body/bubble');
    const comment = await call<MessageBody>(messagesPath(network.networkEID, `${message.EID}/comments/`), {
      token: member.token,
      json: { htmlBody: '<p>x</p>', bubble },
    });
    expect(comment.status, comment.text).toBe(400);
    expect(pointers(comment.body)).toContain('/body/bubble');
    const read = await get<MessageBody>(messagesPath(network.networkEID, `${message.EID}/`), member.token);
    expect(read.body.bubble).toBeNull();
  });
});

describe('user profile timelines', () => {
  it('posts to a profile with personal_timeline and lists it on that user’s timeline, linked from the user', async () => {
    const own = await newNetwork('Profile timeline');
    await setNetworkFeatures(own.networkEID, ['personal_timeline']);
    const token = await own.admin.token();
    const [a, b] = await Promise.all([own.newMember(), own.newMember()]);
    const [aToken, bToken] = await Promise.all([a.token(), b.token()]);
    const posted = await postToProfile(own.networkEID, b.profileEID, aToken);
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body).toMatchObject({ profile: { type: 'user', EID: b.profileEID }, group: null });
    expect(new URL(posted.body._links.userTimeline!.href).pathname).toBe(
      userTimelinePath(own.networkEID, b.profileEID),
    );
    expect(posted.body._links.timeline).toBeUndefined(); // not on the network timeline
    const [created] = await events.eventsOf('events.messaging.message.created', own.networkEID, 1);
    expect(created).toMatchObject({
      data: { message: { EID: posted.body.EID, profile: { type: 'user', EID: b.profileEID } } },
    });
    const onOwn = await postToProfile(own.networkEID, b.profileEID, bToken);
    expect(onOwn.status, onOwn.text).toBe(201);

    const timeline = await get(userTimelinePath(own.networkEID, b.profileEID), token);
    expect(timeline.status, timeline.text).toBe(200);
    expect(EIDsOf(timeline.body)).toEqual([onOwn.body.EID, posted.body.EID]);
    expect(EIDsOf((await get(userTimelinePath(own.networkEID, a.profileEID), token)).body)).toEqual([]);
    expect(EIDsOf((await get(timelinePath(own.networkEID), token)).body)).toEqual([]);
    // Every member reads it, and a comment bubbles it there too.
    const read = await get<MessageBody>(messagesPath(own.networkEID, `${posted.body.EID}/`), token);
    expect(read.status).toBe(200);
    await newComment(own.networkEID, posted.body.EID, token);
    expect(EIDsOf((await get(userTimelinePath(own.networkEID, b.profileEID), aToken)).body)).toEqual([
      posted.body.EID,
      onOwn.body.EID,
    ]);
    const user = await get<MessageBody>(`/networks/${own.networkEID}/users/${b.profileEID}/`, aToken);
    expect(new URL(user.body._links.timeline!.href).pathname).toBe(
      userTimelinePath(own.networkEID, b.profileEID),
    );
  });

  it('follows auth’s postable types: no update without personal_timeline, never news; 400/404 naming the field', async () => {
    const cases: [Record<string, unknown>, number, number | undefined, string][] = [
      [{ type: 'update', profile: { type: 'user', EID: outsider.profileEID } }, 403, -312, '/body/type'],
      [{ type: 'news', profile: { type: 'user', EID: outsider.profileEID } }, 403, -312, '/body/type'],
      [
        { type: 'update', profile: { type: 'user', EID: 'ffffffffffffffffffffffff' } },
        404,
        -311,
        '/body/profile/EID',
      ],
      [
        { type: 'update', profile: { type: 'user', EID: other.admin.profileEID } },
        404,
        -311,
        '/body/profile/EID',
      ],
      [{ type: 'update', profile: { type: 'user', EID: 'nope' } }, 400, undefined, '/body/profile/EID'],
      [
        { type: 'update', profile: { type: 'group', EID: outsider.profileEID } },
        400,
        undefined,
        '/body/profile/type',
      ],
    ];
    for (const [fields, status, code, pointer] of cases) {
      const answer = await call<MessageBody>(messagesPath(network.networkEID), {
        token: admin,
        json: { htmlBody: '<p>x</p>', ...fields },
      });
      expect(answer.status, `${JSON.stringify(fields)}: ${answer.text}`).toBe(status);
      if (code !== undefined) expect(answer.body.code).toBe(code);
      expect(pointers(answer.body)).toContain(pointer);
    }
    const group = await newGroup(network.networkEID, admin);
    const both = await call<MessageBody>(messagesPath(network.networkEID), {
      token: admin,
      json: {
        type: 'update',
        htmlBody: '<p>x</p>',
        group: { type: 'group', EID: group.EID },
        profile: { type: 'user', EID: outsider.profileEID },
      },
    });
    expect([both.status, both.body.code]).toEqual([400, -313]);
    expect(pointers(both.body)).toContain('/body/profile');
  });

  it('is 404 for another network’s profile and to another network’s administrator', async () => {
    const unknown = await get<MessageBody>(
      userTimelinePath(network.networkEID, other.admin.profileEID),
      member.token,
    );
    expect([unknown.status, unknown.body.code]).toEqual([404, -311]);
    expect((await get(userTimelinePath(network.networkEID, member.profileEID), otherAdmin)).status).toBe(404);
    expect((await get(userTimelinePath(other.networkEID, member.profileEID), otherAdmin)).status).toBe(404);
    const bad = await get<MessageBody>(userTimelinePath(network.networkEID, 'nope'), member.token);
    expect(bad.status).toBe(400);
    expect(pointers(bad.body)).toContain('/params/profileEID');
  });
});

describe('embed=comments and offset[comments] (gate 2024.3.0)', () => {
  let own: TestNetwork;
  let token: string;
  let commented: MessageBody;
  let comments: string[];

  beforeAll(async () => {
    own = await newNetwork('Embedded comments');
    token = await own.admin.token();
    commented = await newMessage(own.networkEID, token);
    comments = [];
    for (let i = 0; i < 3; i++) comments.push((await newComment(own.networkEID, commented.EID, token)).EID);
    await newMessage(own.networkEID, token); // newest: the first item
  });

  const embeddedComments = (page: Page) =>
    (page._embedded.messages ?? []).map((m) =>
      ((m._embedded as Record<string, MessageBody[]> | undefined)?.comments ?? []).map((c) => c.EID),
    );

  it('does not carry offset to the comments from 2024.3.0; carries it before; offset[comments] in both', async () => {
    const path = `${timelinePath(own.networkEID)}?embed=comments&limit=2&offset=1`;
    const now = await get(path, token, mediaType('2024.3.0'));
    expect(now.status, now.text).toBe(200);
    expect(EIDsOf(now.body)).toEqual([commented.EID]);
    expect(embeddedComments(now.body)).toEqual([comments.slice(0, 2)]); // limit carried, offset not
    const before = await get(path, token, mediaType('2024.2.0'));
    expect(before.status, before.text).toBe(200);
    expect(embeddedComments(before.body)).toEqual([comments.slice(1, 3)]); // offset carried
    for (const version of ['2024.2.0', '2024.3.0']) {
      const own_ = await get(`${path}&offset[comments]=2&limit[comments]=5`, token, mediaType(version));
      expect(embeddedComments(own_.body), version).toEqual([comments.slice(2)]);
    }
  });

  it('embeds comments on the messages list and not without embed; bad sub-resource paging is a 400', async () => {
    const list = await get(`${messagesListPath(own.networkEID)}?embed=comments&limit[comments]=1`, token);
    expect(list.status, list.text).toBe(200);
    expect(embeddedComments(list.body)).toEqual([[], [comments[0]]]);
    const plain = await get(messagesListPath(own.networkEID), token);
    expect((plain.body._embedded.messages ?? []).every((m) => m._embedded === undefined)).toBe(true);
    for (const query of ['offset[comments]=-1', 'limit[comments]=0', 'embed=likers']) {
      const bad = await get<MessageBody>(`${timelinePath(own.networkEID)}?embed=comments&${query}`, token);
      expect(bad.status, query).toBe(400);
      expect(pointers(bad.body).join(), query).toMatch(/offset\[comments\]|limit\[comments\]|embed/);
    }
  });
});

describe('users filter commented (auth asks messaging)', () => {
  const usersPath = (networkEID: string, messageEID: string) =>
    `/networks/${networkEID}/users/?commented=${messageEID}`;
  const profileEIDs = (page: Collection<{ EID: string }>) =>
    (page._embedded.users ?? []).map((u) => u.EID).sort();

  it('lists the people who commented (replies included), each once', async () => {
    const own = await newNetwork('Commented');
    const token = await own.admin.token();
    const [a, b, silent] = await Promise.all([own.newMember(), own.newMember(), own.newMember()]);
    const [aToken, bToken] = await Promise.all([a.token(), b.token()]);
    const message = await newMessage(own.networkEID, await silent.token());
    const comment = await newComment(own.networkEID, message.EID, aToken);
    await newComment(own.networkEID, message.EID, aToken);
    await newReply(own.networkEID, message.EID, comment.EID, bToken);
    await newComment(own.networkEID, (await newMessage(own.networkEID, token)).EID, token); // elsewhere
    const page = await get<Collection<{ EID: string }>>(usersPath(own.networkEID, message.EID), token);
    expect(page.status, page.text).toBe(200);
    expect(page.body.total).toBe(2);
    expect(profileEIDs(page.body)).toEqual([a.profileEID, b.profileEID].sort());
    const none = await get<Collection<{ EID: string }>>(
      usersPath(own.networkEID, (await newMessage(own.networkEID, token)).EID),
      token,
    );
    expect(none.body.total).toBe(0);
  });

  it('names commented in a 400 for a message the caller may not read, another network’s, or a bad EID', async () => {
    const group = await newGroup(network.networkEID, admin, { hidden: true });
    await addMember(network.networkEID, group.EID, admin, member.profileEID);
    const hidden = await newMessage(network.networkEID, member.token, { groupEID: group.EID });
    await newComment(network.networkEID, hidden.EID, member.token);
    const shown = await get<Collection<{ EID: string }>>(
      usersPath(network.networkEID, hidden.EID),
      member.token,
    );
    expect(shown.status, shown.text).toBe(200);
    expect(profileEIDs(shown.body)).toEqual([member.profileEID]);
    const otherMessage = await newMessage(other.networkEID, otherAdmin);
    for (const [path, token] of [
      [usersPath(network.networkEID, hidden.EID), outsider.token],
      [usersPath(network.networkEID, 'ffffffffffffffffffffffff'), member.token],
      [usersPath(network.networkEID, otherMessage.EID), member.token],
      [usersPath(other.networkEID, hidden.EID), otherAdmin],
    ] as const) {
      const answer = await get<MessageBody>(path, token);
      expect([answer.status, answer.body.code], path).toEqual([400, -314]);
      expect(pointers(answer.body)).toContain('/query/commented');
    }
    const bad = await get<MessageBody>(usersPath(network.networkEID, 'nope'), member.token);
    expect(bad.status).toBe(400);
    expect(pointers(bad.body)).toContain('/query/commented');
    // Another network's administrator through the victim's network: 404 (not a member).
    expect((await get(usersPath(network.networkEID, hidden.EID), otherAdmin)).status).toBe(404);
  });
});
