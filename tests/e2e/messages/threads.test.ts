/**
 * Comment threads over HTTP: replies with `parentCommentEID` shown as
 * `$parentCommentEID`, `?parentCommentEID=` on the messages list, bubbling (a new comment moves its
 * message up its timeline with `bubble.reason: new_comment`, which clients cannot write) and the users
 * filter `commented` (auth asks messaging). Decisions: docs/decisions.md, "Messaging: timelines,
 * threads, bubbling".
 */
import { describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { newNetwork } from '../../support/factories/core.js';
import { addMember, newGroup, type Collection } from '../../support/factories/groups.js';
import {
  groupTimelinePath,
  messagesPath,
  newComment,
  newMessage,
  timelinePath,
  type MessageBody,
} from '../../support/factories/messages.js';
import {
  EIDsOf,
  getAs,
  messagesListPath,
  newReply,
  pointersOf,
  timelineSuite,
} from '../../support/factories/timelines.js';

const { p, events } = timelineSuite('Threads');

describe('threads', () => {
  it('stores and shows $parentCommentEID; the thread lists the replies oldest first; numComments counts them', async () => {
    const message = await newMessage(p.network.networkEID, p.member.token);
    const comment = await newComment(p.network.networkEID, message.EID, p.outsider.token);
    expect(comment.$parentCommentEID).toBeNull();
    const reply = await newReply(p.network.networkEID, message.EID, comment.EID, p.member.token);
    expect(reply).toMatchObject({
      type: 'comment',
      $parentCommentEID: comment.EID,
      parent: { EID: message.EID },
    });
    const second = await newReply(p.network.networkEID, message.EID, comment.EID, p.outsider.token);
    const read = await getAs<MessageBody>(
      messagesPath(p.network.networkEID, `${reply.EID}/`),
      p.outsider.token,
    );
    expect(read.body.$parentCommentEID).toBe(comment.EID);
    const parent = await getAs<MessageBody>(
      messagesPath(p.network.networkEID, `${message.EID}/`),
      p.member.token,
    );
    expect(parent.body.numComments).toBe(3);

    for (const root of ['network', 'networks'] as const) {
      const thread = await getAs(
        `${messagesListPath(p.network.networkEID, root)}?parentCommentEID=${comment.EID}`,
        p.member.token,
      );
      expect(thread.status, thread.text).toBe(200);
      expect(thread.body.total).toBe(2);
      expect(EIDsOf(thread.body)).toEqual([reply.EID, second.EID]);
    }
    const comments = await getAs(
      messagesPath(p.network.networkEID, `${message.EID}/comments/`),
      p.member.token,
    );
    expect(EIDsOf(comments.body)).toEqual([comment.EID, reply.EID, second.EID]);
    const commented = await events.eventsOf('events.messaging.message.commented', p.network.networkEID, 3);
    expect(
      commented.find((e) => (e.data as { comment: { EID: string } }).comment.EID === reply.EID),
    ).toMatchObject({
      actor: { type: 'user', EID: p.member.profileEID },
      data: { message: { EID: message.EID }, comment: { type: 'comment', parentCommentEID: comment.EID } },
    });
  });

  it('takes only a comment of the same message as parent (400/404 naming parentCommentEID)', async () => {
    const message = await newMessage(p.network.networkEID, p.member.token);
    const elsewhere = await newMessage(p.network.networkEID, p.member.token);
    const foreignComment = await newComment(p.network.networkEID, elsewhere.EID, p.member.token);
    const otherMessage = await newMessage(p.other.networkEID, p.otherAdmin);
    const otherComment = await newComment(p.other.networkEID, otherMessage.EID, p.otherAdmin);
    const cases: [string, number, number | undefined][] = [
      [message.EID, 400, -310], // not a comment
      [foreignComment.EID, 400, -310], // a comment of another message
      ['ffffffffffffffffffffffff', 404, -309],
      [otherComment.EID, 404, -309], // another network's
      ['nope', 400, undefined],
    ];
    for (const [parentCommentEID, status, code] of cases) {
      const answer = await call<MessageBody>(messagesPath(p.network.networkEID, `${message.EID}/comments/`), {
        token: p.member.token,
        json: { htmlBody: '<p>reply</p>', parentCommentEID },
      });
      expect(answer.status, `${parentCommentEID}: ${answer.text}`).toBe(status);
      if (code !== undefined) expect(answer.body.code).toBe(code);
      expect(pointersOf(answer.body)).toContain('/body/parentCommentEID');
    }
    const read = await getAs<MessageBody>(
      messagesPath(p.network.networkEID, `${message.EID}/`),
      p.member.token,
    );
    expect(read.body.numComments).toBe(0);

    const query = (eid: string, token = p.member.token) =>
      getAs<MessageBody>(`${messagesListPath(p.network.networkEID)}?parentCommentEID=${eid}`, token);
    expect((await query(message.EID)).body.code).toBe(-310);
    const unknown = await query('ffffffffffffffffffffffff');
    expect([unknown.status, unknown.body.code]).toEqual([404, -309]);
    expect(pointersOf(unknown.body)).toContain('/query/parentCommentEID');
    expect((await query(otherComment.EID)).status).toBe(404);
    // Another network's administrator with the victim's comment, through their own network.
    expect(
      (
        await getAs(
          `${messagesListPath(p.other.networkEID)}?parentCommentEID=${foreignComment.EID}`,
          p.otherAdmin,
        )
      ).status,
    ).toBe(404);
  });

  it('hides a hidden group’s thread from non-members (404), shows it to members', async () => {
    const group = await newGroup(p.network.networkEID, p.admin, { hidden: true });
    await addMember(p.network.networkEID, group.EID, p.admin, p.member.profileEID);
    const message = await newMessage(p.network.networkEID, p.member.token, { groupEID: group.EID });
    const comment = await newComment(p.network.networkEID, message.EID, p.member.token);
    await newReply(p.network.networkEID, message.EID, comment.EID, p.member.token);
    const path = `${messagesListPath(p.network.networkEID)}?parentCommentEID=${comment.EID}`;
    const hidden = await getAs<MessageBody>(path, p.outsider.token);
    expect([hidden.status, hidden.body.code]).toEqual([404, -309]);
    const reply = await call(messagesPath(p.network.networkEID, `${message.EID}/comments/`), {
      token: p.outsider.token,
      json: { htmlBody: '<p>x</p>', parentCommentEID: comment.EID },
    });
    expect(reply.status).toBe(404);
    const shown = await getAs(path, p.member.token);
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
    expect(EIDsOf((await getAs(timelinePath(own.networkEID), token)).body)).toEqual([newer.EID, older.EID]);
    expect(EIDsOf((await getAs(groupTimelinePath(own.networkEID, group.EID), token)).body)).toEqual([
      newerInGroup.EID,
      olderInGroup.EID,
    ]);

    const comment = await newComment(own.networkEID, older.EID, token);
    await newComment(own.networkEID, olderInGroup.EID, token);
    const timeline = await getAs(timelinePath(own.networkEID), token);
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
    expect(EIDsOf((await getAs(messagesListPath(own.networkEID), token)).body)).toEqual([
      older.EID,
      newer.EID,
    ]);
    expect(EIDsOf((await getAs(groupTimelinePath(own.networkEID, group.EID), token)).body)).toEqual([
      olderInGroup.EID,
      newerInGroup.EID,
    ]);
    // The comment itself is on no timeline and carries no bubble.
    expect(comment.bubble).toBeNull();
  });

  it('does not let clients write bubble', async () => {
    const message = await newMessage(p.network.networkEID, p.member.token);
    const bubble = { reason: 'new_comment', created: '2030-01-01T00:00:00+00:00', comment: null };
    const post = await call<MessageBody>(messagesPath(p.network.networkEID), {
      token: p.member.token,
      json: { type: 'update', htmlBody: '<p>x</p>', bubble },
    });
    expect(post.status, post.text).toBe(400);
    expect(pointersOf(post.body)).toContain('/body/bubble');
    const comment = await call<MessageBody>(messagesPath(p.network.networkEID, `${message.EID}/comments/`), {
      token: p.member.token,
      json: { htmlBody: '<p>x</p>', bubble },
    });
    expect(comment.status, comment.text).toBe(400);
    expect(pointersOf(comment.body)).toContain('/body/bubble');
    const read = await getAs<MessageBody>(
      messagesPath(p.network.networkEID, `${message.EID}/`),
      p.member.token,
    );
    expect(read.body.bubble).toBeNull();
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
    const page = await getAs<Collection<{ EID: string }>>(usersPath(own.networkEID, message.EID), token);
    expect(page.status, page.text).toBe(200);
    expect(page.body.total).toBe(2);
    expect(profileEIDs(page.body)).toEqual([a.profileEID, b.profileEID].sort());
    const none = await getAs<Collection<{ EID: string }>>(
      usersPath(own.networkEID, (await newMessage(own.networkEID, token)).EID),
      token,
    );
    expect(none.body.total).toBe(0);
  });

  it('names commented in a 400 for a message the caller may not read, another network’s, or a bad EID', async () => {
    const group = await newGroup(p.network.networkEID, p.admin, { hidden: true });
    await addMember(p.network.networkEID, group.EID, p.admin, p.member.profileEID);
    const hidden = await newMessage(p.network.networkEID, p.member.token, { groupEID: group.EID });
    await newComment(p.network.networkEID, hidden.EID, p.member.token);
    const shown = await getAs<Collection<{ EID: string }>>(
      usersPath(p.network.networkEID, hidden.EID),
      p.member.token,
    );
    expect(shown.status, shown.text).toBe(200);
    expect(profileEIDs(shown.body)).toEqual([p.member.profileEID]);
    const otherMessage = await newMessage(p.other.networkEID, p.otherAdmin);
    for (const [path, token] of [
      [usersPath(p.network.networkEID, hidden.EID), p.outsider.token],
      [usersPath(p.network.networkEID, 'ffffffffffffffffffffffff'), p.member.token],
      [usersPath(p.network.networkEID, otherMessage.EID), p.member.token],
      [usersPath(p.other.networkEID, hidden.EID), p.otherAdmin],
    ] as const) {
      const answer = await getAs<MessageBody>(path, token);
      expect([answer.status, answer.body.code], path).toEqual([400, -314]);
      expect(pointersOf(answer.body)).toContain('/query/commented');
    }
    const bad = await getAs<MessageBody>(usersPath(p.network.networkEID, 'nope'), p.member.token);
    expect(bad.status).toBe(400);
    expect(pointersOf(bad.body)).toContain('/query/commented');
    // Another network's administrator through the victim's network: 404 (not a member).
    expect((await getAs(usersPath(p.network.networkEID, hidden.EID), p.otherAdmin)).status).toBe(404);
  });
});
