/**
 * News over HTTP: `type: 'news'` messages with a title and `readTime`, who may post
 * them, drafts (seen by their author and network administrators only, on no timeline until
 * published), `GET …/timeline/?type=news` (published news unless `status` is given) and the
 * 2025.1.0 gate dropping concatenated news from it. Decisions: docs/decisions.md, "Messaging:
 * news, duplication, export, scheduled items".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, mediaType } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { newGroup, type Collection } from '../../support/factories/groups.js';
import {
  groupTimelinePath,
  messagesPath,
  newMessage,
  timelinePath,
  type MessageBody,
} from '../../support/factories/messages.js';
import {
  followJob,
  newNews,
  publishPath,
  type JobBody,
  type NewsBody,
} from '../../support/factories/news.js';

const events = new EventReader();
afterAll(async () => {
  await events.close();
  await closeFactories();
});

interface People {
  network: TestNetwork;
  admin: string;
  otherAdmin: string;
  member: { profileEID: string; token: string };
}

async function newPeople(name: string): Promise<People> {
  const network = await newNetwork(name);
  const [admin2, m] = await Promise.all([network.newMember({ role: 'admin' }), network.newMember()]);
  return {
    network,
    admin: await network.admin.token(),
    otherAdmin: await admin2.token(),
    member: { profileEID: m.profileEID, token: await m.token() },
  };
}

let p: People;
beforeAll(async () => {
  await events.open();
  p = await newPeople('News');
});

const EIDs = (collection: Collection<MessageBody>) => (collection._embedded.messages ?? []).map((m) => m.EID);
const timeline = (networkEID: string, token: string, query = '', accept?: string) =>
  call<Collection<MessageBody>>(`${timelinePath(networkEID)}${query}`, {
    token,
    ...(accept ? { accept } : {}),
  });

describe('posting news', () => {
  it('posts a news item with a title and its readTime (words / 200, rounded up)', async () => {
    const words = Array.from({ length: 401 }, (_, i) => `word${i}`).join(' ');
    const posted = await call<NewsBody>(messagesPath(p.network.networkEID), {
      token: p.admin,
      json: { type: 'news', title: 'Quarterly', htmlBody: `<p>${words}</p>` },
    });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body).toMatchObject({
      type: 'news',
      title: 'Quarterly',
      status: 'published',
      readTime: { unit: 'minutes', value: 3 },
      concatenated: false,
      isDuplicate: false,
      originalAuthor: null,
      scheduledAt: null,
    });
    expect(posted.body._links.self).toBeDefined();
    expect(posted.body._links.timeline).toBeDefined();
    const short = await newNews(p.network.networkEID, p.admin, { htmlBody: '<p>Two words</p>' });
    expect(short.readTime).toEqual({ unit: 'minutes', value: 1 });
    const [created] = await events.eventsOf('events.messaging.message.created', p.network.networkEID, 2);
    expect(created).toBeDefined();
  });

  it('lets network administrators post network news; in a group, whoever has post_message', async () => {
    const refused = await call<MessageBody>(messagesPath(p.network.networkEID), {
      token: p.member.token,
      json: { type: 'news', htmlBody: '<p>Not mine to post</p>' },
    });
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body.code).toBe(-319);
    const group = await newGroup(p.network.networkEID, p.member.token);
    const groupNews = await newNews(p.network.networkEID, p.member.token, {
      group: { type: 'group', EID: group.EID },
    });
    expect(groupNews.group).toEqual({ type: 'group', EID: group.EID });
    const read = await call<Collection<MessageBody>>(
      `${groupTimelinePath(p.network.networkEID, group.EID)}?type=news`,
      { token: p.member.token },
    );
    expect(EIDs(read.body)).toEqual([groupNews.EID]);
  });

  it('answers news-only fields on an update with 400 naming the field', async () => {
    for (const [json, pointer, code] of [
      [{ type: 'update', htmlBody: '<p>x</p>', title: 'T' }, '/body/title', -321],
      [{ type: 'update', htmlBody: '<p>x</p>', status: 'draft' }, '/body/status', -321],
      [{ type: 'news', htmlBody: '<p>x</p>', status: 'gone' }, '/body/status', -1],
    ] as const) {
      const answer = await call<MessageBody>(messagesPath(p.network.networkEID), { token: p.admin, json });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(answer.body.errors?.map((e) => e.pointer)).toContain(pointer);
      if (code !== -1) expect(answer.body.code).toBe(code);
    }
  });
});

describe('timeline ?type=news', () => {
  it('returns only published news, newest first', async () => {
    const q = await newPeople('News filter');
    const first = await newNews(q.network.networkEID, q.admin);
    const update = await newMessage(q.network.networkEID, q.member.token);
    const draft = await newNews(q.network.networkEID, q.admin, { status: 'draft' });
    const second = await newNews(q.network.networkEID, q.admin);
    const news = await timeline(q.network.networkEID, q.member.token, '?type=news');
    expect(news.status, news.text).toBe(200);
    expect(EIDs(news.body)).toEqual([second.EID, first.EID]);
    const updates = await timeline(q.network.networkEID, q.member.token, '?type=update');
    expect(EIDs(updates.body)).toEqual([update.EID]);
    const all = await timeline(q.network.networkEID, q.admin);
    expect(EIDs(all.body)).toEqual([second.EID, update.EID, first.EID]);
    expect(EIDs(all.body)).not.toContain(draft.EID);
    const bad = await timeline(q.network.networkEID, q.member.token, '?type=nonsense');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: [expect.objectContaining({ pointer: '/query/type' })] });
  });
});

describe('drafts', () => {
  it('keeps a draft to its author and network administrators, off every timeline until published', async () => {
    const q = await newPeople('Drafts');
    const draft = await newNews(q.network.networkEID, q.admin, { status: 'draft', title: 'Soon' });
    expect(draft.status).toBe('draft');
    const path = messagesPath(q.network.networkEID, `${draft.EID}/`);
    expect((await call(path, { token: q.member.token })).status).toBe(404);
    expect((await call(path, { token: q.admin })).status).toBe(200);
    expect((await call(path, { token: q.otherAdmin })).status).toBe(200);
    expect(EIDs((await timeline(q.network.networkEID, q.admin, '?type=news')).body)).toEqual([]);

    const mine = await timeline(q.network.networkEID, q.admin, '?type=news&status=draft');
    expect(EIDs(mine.body)).toEqual([draft.EID]);
    const theirs = await timeline(q.network.networkEID, q.member.token, '?type=news&status=draft');
    expect(EIDs(theirs.body)).toEqual([]);

    expect(
      (await call(publishPath(q.network.networkEID, draft.EID), { token: q.member.token, method: 'POST' }))
        .status,
    ).toBe(404);
    const published = await call<NewsBody>(publishPath(q.network.networkEID, draft.EID), {
      token: q.admin,
      method: 'POST',
    });
    expect(published.status, published.text).toBe(200);
    expect(published.body.status).toBe('published');
    expect((await call(path, { token: q.member.token })).status).toBe(200);
    expect(EIDs((await timeline(q.network.networkEID, q.member.token, '?type=news')).body)).toEqual([
      draft.EID,
    ]);
    const again = await call<MessageBody>(publishPath(q.network.networkEID, draft.EID), {
      token: q.admin,
      method: 'POST',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe(-320);
    const [event] = await events.eventsOf('events.messaging.message.published', q.network.networkEID, 1);
    expect(event).toMatchObject({ data: { message: { EID: draft.EID, type: 'news' } } });
  });

  it('is 404 across tenants', async () => {
    const draft = await newNews(p.network.networkEID, p.admin, { status: 'draft' });
    const other = await newNetwork('News other');
    const otherAdmin = await other.admin.token();
    expect((await call(messagesPath(other.networkEID, `${draft.EID}/`), { token: otherAdmin })).status).toBe(
      404,
    );
    const publish = await call(publishPath(other.networkEID, draft.EID), {
      token: otherAdmin,
      method: 'POST',
    });
    expect(publish.status).toBe(404);
  });
});

describe('concatenated news (gate 2025.1.0)', () => {
  it('drops concatenated news from ?type=news from 2025.1.0 on, keeps it before', async () => {
    const q = await newPeople('Concatenated');
    const a = await newNews(q.network.networkEID, q.admin);
    const b = await newNews(q.network.networkEID, q.admin);
    const digest = await newNews(q.network.networkEID, q.admin, { concatenatedFrom: [a.EID, b.EID] });
    expect(digest.concatenated).toBe(true);
    const latest = await timeline(q.network.networkEID, q.member.token, '?type=news');
    expect(EIDs(latest.body)).toEqual([b.EID, a.EID]);
    const at2025 = await timeline(q.network.networkEID, q.member.token, '?type=news', mediaType('2025.1.0'));
    expect(at2025.status, at2025.text).toBe(200);
    expect(EIDs(at2025.body)).toEqual([b.EID, a.EID]);
    const before = await timeline(q.network.networkEID, q.member.token, '?type=news', mediaType('2024.3.0'));
    expect(before.status, before.text).toBe(200);
    expect(EIDs(before.body)).toEqual([digest.EID, b.EID, a.EID]);
    // The unfiltered timeline shows it in every version.
    expect(EIDs((await timeline(q.network.networkEID, q.member.token)).body)).toContain(digest.EID);
  });

  it('gathers published news only (400 naming concatenatedFrom)', async () => {
    const update = await newMessage(p.network.networkEID, p.member.token);
    const answer = await call<MessageBody>(messagesPath(p.network.networkEID), {
      token: p.admin,
      json: { type: 'news', htmlBody: '<p>Digest</p>', concatenatedFrom: [update.EID] },
    });
    expect(answer.status, answer.text).toBe(400);
    expect(answer.body.code).toBe(-322);
    expect(answer.body.errors?.[0]?.pointer).toBe('/body/concatenatedFrom');
  });
});

describe('duplication', () => {
  type Job = JobBody & { copy: { type: string; EID: string } | null };

  it('answers 202 with a job to follow; the copy is a draft of the requester’s with originalAuthor', async () => {
    const q = await newPeople('Duplicate');
    const original = await newNews(q.network.networkEID, q.admin, { title: 'Original' });
    const started = await call<Job>(`/network/${q.network.networkEID}/news/${original.EID}/duplicate/`, {
      token: q.otherAdmin,
      method: 'POST',
    });
    expect(started.status, started.text).toBe(202);
    expect(started.body).toMatchObject({ type: 'news_duplication', status: 'pending', copy: null });
    expect(started.body._links.self).toBeDefined();
    const jobPath = new URL(started.body._links.self!.href).pathname;
    // The job is its requester's alone.
    expect((await call(jobPath, { token: q.admin })).status).toBe(404);

    const job = await followJob(started.body, q.otherAdmin);
    expect(job.status).toBe('succeeded');
    const copyPath = new URL(job._links.copy!.href).pathname;
    const copy = await call<NewsBody>(copyPath, { token: q.otherAdmin });
    expect(copy.status, copy.text).toBe(200);
    expect(copy.body).toMatchObject({
      type: 'news',
      status: 'draft',
      title: 'Original',
      htmlBody: original.htmlBody,
      isDuplicate: true,
      originalAuthor: { type: 'user', EID: original.author.EID },
    });
    expect(copy.body.author.EID).not.toBe(original.author.EID);
    // A draft: the member does not see it.
    expect((await call(copyPath, { token: q.member.token })).status).toBe(404);
    const [event] = await events.eventsOf(
      'events.messaging.news.duplication_succeeded',
      q.network.networkEID,
      1,
    );
    expect(event).toMatchObject({
      data: {
        alert: 'DUPLICATION_PROCESS_SUCEEDED',
        recipient: { type: 'user', EID: copy.body.author.EID },
        job: { EID: job.EID },
        original: { EID: original.EID },
        copy: { EID: copy.body.EID },
      },
    });
  });

  it('refuses at once what is not news, what the caller may not post, and another network’s', async () => {
    const update = await newMessage(p.network.networkEID, p.member.token);
    const notNews = await call<Job>(`/networks/${p.network.networkEID}/news/${update.EID}/duplicate/`, {
      token: p.admin,
      method: 'POST',
    });
    expect(notNews.status, notNews.text).toBe(400);
    expect(notNews.body.code).toBe(-324);
    const news = await newNews(p.network.networkEID, p.admin);
    const member = await call<Job>(`/network/${p.network.networkEID}/news/${news.EID}/duplicate/`, {
      token: p.member.token,
      method: 'POST',
    });
    expect(member.status).toBe(403);
    const other = await newNetwork('Duplicate other');
    const cross = await call(`/network/${other.networkEID}/news/${news.EID}/duplicate/`, {
      token: await other.admin.token(),
      method: 'POST',
    });
    expect(cross.status).toBe(404);
  });
});

describe('addressee export', () => {
  type Export = JobBody & { numAddressees: number | null };

  it('exports a network news item’s active members as CSV, downloadable by its requester only', async () => {
    const q = await newPeople('Export');
    const news = await newNews(q.network.networkEID, q.admin);
    const started = await call<Export>(
      `/networks/${q.network.networkEID}/news/${news.EID}/addressee-exports/`,
      {
        token: q.admin,
        method: 'POST',
      },
    );
    expect(started.status, started.text).toBe(202);
    expect(started.body).toMatchObject({ type: 'news_addressee_export', status: 'pending' });
    expect(started.body._links.download).toBeUndefined();
    const self = new URL(started.body._links.self!.href).pathname;
    expect((await call(self, { token: q.otherAdmin })).status).toBe(404);

    const done = await followJob(started.body, q.admin);
    expect(done).toMatchObject({ status: 'succeeded', numAddressees: 3 });
    const download = new URL(done._links.download!.href).pathname;
    const csv = await call(download, { token: q.admin, accept: 'text/csv' });
    expect(csv.status, csv.text).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = csv.text.trim().split('\r\n');
    expect(rows[0]).toBe('EID,firstName,lastName');
    expect(rows).toHaveLength(4);
    expect(rows.some((row) => row.startsWith(`${q.member.profileEID},`))).toBe(true);
    // Another administrator of the network: 404.
    const others = await call(download, { token: q.otherAdmin, accept: 'text/csv' });
    expect(others.status).toBe(404);
    expect(others.headers.get('content-type')).toMatch(/^application\/problem\+json/);

    const [event] = await events.eventsOf(
      'events.messaging.news.addressee_export_succeeded',
      q.network.networkEID,
      1,
    );
    expect(event).toMatchObject({
      data: {
        alert: 'NEWS_ADDRESSEE_EXPORT_SUCCESS',
        recipient: { type: 'user' },
        job: { EID: done.EID },
        news: { EID: news.EID },
        numAddressees: 3,
      },
    });
  });

  it('exports a group news item’s members; refuses a member who is not its author', async () => {
    const q = await newPeople('Export group');
    const group = await newGroup(q.network.networkEID, q.member.token);
    const news = await newNews(q.network.networkEID, q.member.token, {
      group: { type: 'group', EID: group.EID },
    });
    const path = `/networks/${q.network.networkEID}/news/${news.EID}/addressee-exports/`;
    const started = await call<Export>(path, { token: q.member.token, method: 'POST' });
    expect(started.status, started.text).toBe(202);
    const done = await followJob(started.body, q.member.token);
    expect(done).toMatchObject({ status: 'succeeded', numAddressees: 1 });

    const network = await newNews(q.network.networkEID, q.admin);
    const refused = await call<Export>(
      `/networks/${q.network.networkEID}/news/${network.EID}/addressee-exports/`,
      {
        token: q.member.token,
        method: 'POST',
      },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(-326);
  });
});
