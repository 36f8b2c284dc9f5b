/**
 * Timelines over HTTP: the messages list (`/network/…` as in the spec, and the plural;
 * `embedded=originalAuthor`), user profile timelines (auth's postable-types rules), `embed=comments`
 * with `offset[comments]` and the 2024.3.0 gate. Threads, bubbling and the users filter `commented`:
 * threads.test.ts. Decisions: docs/decisions.md, "Messaging: timelines, threads, bubbling".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, mediaType } from '../../support/api.js';
import { newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { newGroup, type Collection } from '../../support/factories/groups.js';
import {
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
  getAs,
  messagesListPath,
  pointersOf,
  postToProfile,
  userTimelinePath,
  timelineSuite,
} from '../../support/factories/timelines.js';

const { p, events } = timelineSuite('Timelines');

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
      const page = await getAs(`${messagesListPath(own.networkEID, root)}?limit=2`, token);
      expect(page.status, page.text).toBe(200);
      expect(page.body.total).toBe(3);
      // The comment bubbled `first` above `second`.
      expect(EIDsOf(page.body)).toEqual([latest.EID, first.EID]);
      const next = await getAs(`${messagesListPath(own.networkEID, root)}?limit=2&offset=2`, token);
      expect(EIDsOf(next.body)).toEqual([second.EID]);
    }
  });

  it('is 404 for another network’s administrator, and answers bad input with 400 naming the field', async () => {
    expect((await getAs(messagesListPath(p.network.networkEID), p.otherAdmin)).status).toBe(404);
    expect((await getAs(messagesListPath(p.network.networkEID, 'networks'), p.otherAdmin)).status).toBe(404);
    const cases: [string, string][] = [
      ['embedded=author', '/query/embedded'],
      ['embedded=originalAuthor,x', '/query/embedded'],
      ['parentCommentEID=nope', '/query/parentCommentEID'],
      ['limit=0', '/query/limit'],
      ['embed=likers', '/query/embed'],
    ];
    for (const [query, pointer] of cases) {
      const answer = await getAs<MessageBody>(
        `${messagesListPath(p.network.networkEID)}?${query}`,
        p.member.token,
      );
      expect(answer.status, `${query}: ${answer.text}`).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(pointersOf(answer.body), query).toContain(pointer);
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

    const embedded = await getAs(`${messagesListPath(own.networkEID)}?embedded=originalAuthor`, copierToken);
    expect(embedded.status, embedded.text).toBe(200);
    const items = embedded.body._embedded.messages ?? [];
    const copy = items.find((m) => m.EID === copyEID)!;
    const plain = items.find((m) => m.EID === original.EID)!;
    const originalAuthor = (copy._embedded as Record<string, { type: string; EID: string }>).originalAuthor;
    expect(originalAuthor).toMatchObject({ type: 'user', EID: original.author.EID });
    expect(plain._embedded).toBeUndefined();
    const without = await getAs(messagesListPath(own.networkEID), copierToken);
    const copyWithout = (without.body._embedded.messages ?? []).find((m) => m.EID === copyEID)!;
    expect(copyWithout.originalAuthor).toEqual({ type: 'user', EID: original.author.EID });
    expect(copyWithout._embedded).toBeUndefined();
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

    const timeline = await getAs(userTimelinePath(own.networkEID, b.profileEID), token);
    expect(timeline.status, timeline.text).toBe(200);
    expect(EIDsOf(timeline.body)).toEqual([onOwn.body.EID, posted.body.EID]);
    expect(EIDsOf((await getAs(userTimelinePath(own.networkEID, a.profileEID), token)).body)).toEqual([]);
    expect(EIDsOf((await getAs(timelinePath(own.networkEID), token)).body)).toEqual([]);
    // Every member reads it, and a comment bubbles it there too.
    const read = await getAs<MessageBody>(messagesPath(own.networkEID, `${posted.body.EID}/`), token);
    expect(read.status).toBe(200);
    await newComment(own.networkEID, posted.body.EID, token);
    expect(EIDsOf((await getAs(userTimelinePath(own.networkEID, b.profileEID), aToken)).body)).toEqual([
      posted.body.EID,
      onOwn.body.EID,
    ]);
    const user = await getAs<MessageBody>(`/networks/${own.networkEID}/users/${b.profileEID}/`, aToken);
    expect(new URL(user.body._links.timeline!.href).pathname).toBe(
      userTimelinePath(own.networkEID, b.profileEID),
    );
  });

  it('follows auth’s postable types: no update without personal_timeline, never news; 400/404 naming the field', async () => {
    const cases: [Record<string, unknown>, number, number | undefined, string][] = [
      [{ type: 'update', profile: { type: 'user', EID: p.outsider.profileEID } }, 403, -312, '/body/type'],
      [{ type: 'news', profile: { type: 'user', EID: p.outsider.profileEID } }, 403, -312, '/body/type'],
      [
        { type: 'update', profile: { type: 'user', EID: 'ffffffffffffffffffffffff' } },
        404,
        -311,
        '/body/profile/EID',
      ],
      [
        { type: 'update', profile: { type: 'user', EID: p.other.admin.profileEID } },
        404,
        -311,
        '/body/profile/EID',
      ],
      [{ type: 'update', profile: { type: 'user', EID: 'nope' } }, 400, undefined, '/body/profile/EID'],
      [
        { type: 'update', profile: { type: 'group', EID: p.outsider.profileEID } },
        400,
        undefined,
        '/body/profile/type',
      ],
    ];
    for (const [fields, status, code, pointer] of cases) {
      const answer = await call<MessageBody>(messagesPath(p.network.networkEID), {
        token: p.admin,
        json: { htmlBody: '<p>x</p>', ...fields },
      });
      expect(answer.status, `${JSON.stringify(fields)}: ${answer.text}`).toBe(status);
      if (code !== undefined) expect(answer.body.code).toBe(code);
      expect(pointersOf(answer.body)).toContain(pointer);
    }
    const group = await newGroup(p.network.networkEID, p.admin);
    const both = await call<MessageBody>(messagesPath(p.network.networkEID), {
      token: p.admin,
      json: {
        type: 'update',
        htmlBody: '<p>x</p>',
        group: { type: 'group', EID: group.EID },
        profile: { type: 'user', EID: p.outsider.profileEID },
      },
    });
    expect([both.status, both.body.code]).toEqual([400, -313]);
    expect(pointersOf(both.body)).toContain('/body/profile');
  });

  it('is 404 for another network’s profile and to another network’s administrator', async () => {
    const unknown = await getAs<MessageBody>(
      userTimelinePath(p.network.networkEID, p.other.admin.profileEID),
      p.member.token,
    );
    expect([unknown.status, unknown.body.code]).toEqual([404, -311]);
    expect(
      (await getAs(userTimelinePath(p.network.networkEID, p.member.profileEID), p.otherAdmin)).status,
    ).toBe(404);
    expect(
      (await getAs(userTimelinePath(p.other.networkEID, p.member.profileEID), p.otherAdmin)).status,
    ).toBe(404);
    const bad = await getAs<MessageBody>(userTimelinePath(p.network.networkEID, 'nope'), p.member.token);
    expect(bad.status).toBe(400);
    expect(pointersOf(bad.body)).toContain('/params/profileEID');
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

  const embeddedComments = (page: Collection<MessageBody>) =>
    (page._embedded.messages ?? []).map((m) =>
      ((m._embedded as Record<string, MessageBody[]> | undefined)?.comments ?? []).map((c) => c.EID),
    );

  it('does not carry offset to the comments from 2024.3.0; carries it before; offset[comments] in both', async () => {
    const path = `${timelinePath(own.networkEID)}?embed=comments&limit=2&offset=1`;
    const now = await getAs(path, token, mediaType('2024.3.0'));
    expect(now.status, now.text).toBe(200);
    expect(EIDsOf(now.body)).toEqual([commented.EID]);
    expect(embeddedComments(now.body)).toEqual([comments.slice(0, 2)]); // limit carried, offset not
    const before = await getAs(path, token, mediaType('2024.2.0'));
    expect(before.status, before.text).toBe(200);
    expect(embeddedComments(before.body)).toEqual([comments.slice(1, 3)]); // offset carried
    for (const version of ['2024.2.0', '2024.3.0']) {
      const own_ = await getAs(`${path}&offset[comments]=2&limit[comments]=5`, token, mediaType(version));
      expect(embeddedComments(own_.body), version).toEqual([comments.slice(2)]);
    }
  });

  it('embeds comments on the messages list and not without embed; bad sub-resource paging is a 400', async () => {
    const list = await getAs(`${messagesListPath(own.networkEID)}?embed=comments&limit[comments]=1`, token);
    expect(list.status, list.text).toBe(200);
    expect(embeddedComments(list.body)).toEqual([[], [comments[0]]]);
    const plain = await getAs(messagesListPath(own.networkEID), token);
    expect((plain.body._embedded.messages ?? []).every((m) => m._embedded === undefined)).toBe(true);
    for (const query of ['offset[comments]=-1', 'limit[comments]=0', 'embed=likers']) {
      const bad = await getAs<MessageBody>(`${timelinePath(own.networkEID)}?embed=comments&${query}`, token);
      expect(bad.status, query).toBe(400);
      expect(pointersOf(bad.body).join(), query).toMatch(/offset\[comments\]|limit\[comments\]|embed/);
    }
  });
});
