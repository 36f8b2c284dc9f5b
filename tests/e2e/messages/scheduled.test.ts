/**
 * Scheduled items over HTTP: a message posted with a future `scheduledAt` waits as
 * `status: 'scheduled'` on no timeline, is listed by `GET …/scheduled-items/?types=…` (its author's,
 * soonest first), counted in the badge counters, and published once when due by the messaging
 * workers (timeline, `scheduled_published` event). The network's `_user.numScheduledItems`, which
 * auth caches per person, follows each change at once (messaging's notices). Decisions: docs/decisions.md, "Messaging: news,
 * duplication, export, scheduled items".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { act } from '../../support/factories/actions.js';
import { EventReader } from '../../support/events.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import type { Collection } from '../../support/factories/groups.js';
import { messagesPath, timelinePath, type MessageBody } from '../../support/factories/messages.js';
import { newNews, type NewsBody } from '../../support/factories/news.js';

const events = new EventReader();
afterAll(async () => {
  await events.close();
  await closeFactories();
});

let network: TestNetwork;
let member: { profileEID: string; token: string };
let other: string;

beforeAll(async () => {
  await events.open();
  network = await newNetwork('Scheduled');
  const [m, o] = await Promise.all([network.newMember(), network.newMember()]);
  member = { profileEID: m.profileEID, token: await m.token() };
  other = await o.token();
});

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const EIDs = (collection: Collection<MessageBody>) => (collection._embedded.messages ?? []).map((m) => m.EID);
const scheduledItems = (token: string, query: string) =>
  call<Collection<NewsBody>>(`/networks/${network.networkEID}/scheduled-items/${query}`, { token });

describe('scheduling', () => {
  it('keeps a scheduled item off the timeline, lists it soonest first and counts it', async () => {
    const later = await call<NewsBody>(messagesPath(network.networkEID), {
      token: member.token,
      json: { type: 'update', htmlBody: '<p>Later</p>', scheduledAt: inSeconds(3600) },
    });
    expect(later.status, later.text).toBe(201);
    expect(later.body).toMatchObject({ status: 'scheduled' });
    expect(later.body.scheduledAt).not.toBeNull();
    const sooner = await call<NewsBody>(messagesPath(network.networkEID), {
      token: member.token,
      json: { type: 'update', htmlBody: '<p>Sooner</p>', scheduledAt: inSeconds(1800) },
    });
    expect(sooner.status, sooner.text).toBe(201);

    const timeline = await call<Collection<MessageBody>>(timelinePath(network.networkEID), { token: other });
    expect(EIDs(timeline.body)).not.toContain(later.body.EID);
    expect(
      (await call(messagesPath(network.networkEID, `${later.body.EID}/`), { token: other })).status,
    ).toBe(404);

    const mine = await scheduledItems(member.token, '?types=update,news');
    expect(mine.status, mine.text).toBe(200);
    expect(EIDs(mine.body)).toEqual([sooner.body.EID, later.body.EID]);
    expect(EIDs((await scheduledItems(member.token, '?types=news')).body)).toEqual([]);
    expect(EIDs((await scheduledItems(other, '?types=update')).body)).toEqual([]);

    const counters = await call<{ numScheduledItems: number }>(
      `/networks/${network.networkEID}/badgecounters/`,
      { token: member.token },
    );
    expect(counters.status, counters.text).toBe(200);
    expect(counters.body.numScheduledItems).toBe(2);
    const theNetwork = await call<{ _user: { numScheduledItems: number } }>(
      `/networks/${network.networkEID}/`,
      {
        token: member.token,
      },
    );
    expect(theNetwork.status, theNetwork.text).toBe(200);
    expect(theNetwork.body._user.numScheduledItems).toBe(2);
    const others = await call<{ _user: { numScheduledItems: number } }>(`/networks/${network.networkEID}/`, {
      token: other,
    });
    expect(others.body._user.numScheduledItems).toBe(0);
  });

  it("keeps the network's `_user.numScheduledItems` exact through auth's cache: scheduled, removed, published", async () => {
    const own = await newNetwork('Scheduled count');
    const author = await (await own.newMember()).token();
    const count = async () => {
      const answer = await call<{ _user: { numScheduledItems: number } }>(`/networks/${own.networkEID}/`, {
        token: author,
      });
      expect(answer.status, answer.text).toBe(200);
      return answer.body._user.numScheduledItems;
    };
    const schedule = async (seconds: number) => {
      const posted = await call<NewsBody>(messagesPath(own.networkEID), {
        token: author,
        json: { type: 'update', htmlBody: '<p>Count me</p>', scheduledAt: inSeconds(seconds) },
      });
      expect(posted.status, posted.text).toBe(201);
      return posted.body.EID;
    };
    expect(await count()).toBe(0); // now cached
    const later = await schedule(3600);
    expect(await count()).toBe(1);
    const removed = await act(own.networkEID, later, 'remove', author);
    expect(removed.status, removed.text).toBe(204);
    expect(await count()).toBe(0);
    const due = await schedule(2);
    expect(await count()).toBe(1);
    let status = 'scheduled';
    for (let i = 0; i < 40 && status !== 'published'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await call<NewsBody>(messagesPath(own.networkEID, `${due}/`), { token: author })).body.status;
    }
    expect(status).toBe('published');
    expect(await count()).toBe(0);
  });

  it('answers a missing or bad `types` and a past scheduledAt with 400 naming them', async () => {
    for (const query of ['', '?types=', '?types=update,poll']) {
      const answer = await scheduledItems(member.token, query);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.text).toContain('/query/types');
    }
    const past = await call<MessageBody>(messagesPath(network.networkEID), {
      token: member.token,
      json: { type: 'update', htmlBody: '<p>Past</p>', scheduledAt: inSeconds(-60) },
    });
    expect(past.status, past.text).toBe(400);
    expect(past.body.code).toBe(-323);
    expect(past.body.errors?.[0]?.pointer).toBe('/body/scheduledAt');
  });

  it('publishes a due item once: on the timeline, with one scheduled_published event', async () => {
    const own = await newNetwork('Scheduled publish');
    const ownAdmin = await own.admin.token();
    const news = await newNews(own.networkEID, ownAdmin, { scheduledAt: inSeconds(2), title: 'At nine' });
    expect(news.status).toBe('scheduled');
    const path = messagesPath(own.networkEID, `${news.EID}/`);
    let status = news.status;
    for (let i = 0; i < 40 && status !== 'published'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await call<NewsBody>(path, { token: ownAdmin })).body.status;
    }
    expect(status).toBe('published');
    const timeline = await call<Collection<MessageBody>>(`${timelinePath(own.networkEID)}?type=news`, {
      token: ownAdmin,
    });
    expect(EIDs(timeline.body)).toEqual([news.EID]);
    const published = await events.eventsOf(
      'events.messaging.message.scheduled_published',
      own.networkEID,
      1,
    );
    // Wait a few worker ticks more: still one event.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // (eventsOf reads every event of the network on the subject, not just the first.)
    const again = await events.eventsOf('events.messaging.message.scheduled_published', own.networkEID, 1);
    expect(published).toHaveLength(1);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({
      data: {
        alert: 'scheduled_update_published',
        recipient: { type: 'user', EID: news.author.EID },
        message: { EID: news.EID, type: 'news' },
      },
    });
    const counters = await call<{ numScheduledItems: number }>(`/networks/${own.networkEID}/badgecounters/`, {
      token: ownAdmin,
    });
    expect(counters.body.numScheduledItems).toBe(0);
  });
});
