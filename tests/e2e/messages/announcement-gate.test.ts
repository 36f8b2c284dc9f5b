/**
 * The 1.4.8 gate `messages.eventRenamedAnnouncement` over HTTP (spec: Versioning): before 1.4.8
 * an announcement is posted and read as `type: 'event'` (single message, timeline, messages list,
 * search); from 1.4.8 announcements read `announcement` and `event` is a calendar event (a body
 * of type `event` needs its event object). And `GET …/timeline/?type=`
 * takes `announcement`, `app_update`, `task`, `poll` and `event` (an announcement before 1.4.8). Decisions: docs/decisions.md, "Messaging: types, fields
 * and app posting".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, mediaType } from '../../support/api.js';
import { EventReader } from '../../support/events.js';
import { closeFactories, newNetwork, uniqueSuffix, type TestNetwork } from '../../support/factories/core.js';
import type { Collection } from '../../support/factories/groups.js';
import {
  messagesPath,
  newMessage,
  timelinePath,
  type MessageBody,
} from '../../support/factories/messages.js';
import { posted, postingApp } from '../../support/factories/message-types.js';
import { messagesListPath } from '../../support/factories/timelines.js';
import { eventBody } from '../../support/factories/events.js';
import { newPoll } from '../../support/factories/polls.js';

const OLD = mediaType('1.4.7');
const events = new EventReader();
afterAll(async () => {
  await events.close();
  await closeFactories();
});

let network: TestNetwork;
let adminToken: string;
beforeAll(async () => {
  await events.open();
  network = await newNetwork('Announcement gate');
  adminToken = await network.admin.token();
});

const postAt = (accept: string, json: Record<string, unknown>) =>
  call<MessageBody>(messagesPath(network.networkEID), { token: adminToken, json, accept });
const itemsAt = async (path: string, accept: string, rel = 'messages') => {
  const answer = await call<Collection<MessageBody>>(path, { token: adminToken, accept });
  expect(answer.status, answer.text).toBe(200);
  return ((answer.body._embedded as Record<string, MessageBody[] | undefined>)[rel] ?? []).map((m) => ({
    EID: m.EID,
    type: m.type,
  }));
};

describe('`event` is the announcement of clients older than 1.4.8', () => {
  it('posts an announcement with type event at 1.4.7 and reads it as event there, as announcement from 1.4.8', async () => {
    const word = `gatehouse${uniqueSuffix()}`;
    const made = await postAt(OLD, { type: 'event', htmlBody: `<p>Closed ${word}</p>` });
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ type: 'event', superseded: false });
    expect(made.body._links.self).toBeDefined();
    expect(made.body._links.timeline).toBeDefined();
    const EID = made.body.EID;
    // Events are not versioned: the stored message is an announcement.
    const created = await events.eventsOf('events.messaging.message.created', network.networkEID, 1);
    expect(created[0]).toMatchObject({ data: { message: { type: 'announcement', EID } } });

    const single = (accept: string) =>
      call<MessageBody>(messagesPath(network.networkEID, `${EID}/`), {
        token: adminToken,
        accept,
      });
    expect((await single(OLD)).body).toMatchObject({ EID, type: 'event' });
    expect((await single(mediaType('1.4.8'))).body).toMatchObject({ EID, type: 'announcement' });
    expect((await single(mediaType())).body).toMatchObject({ EID, type: 'announcement' });

    const update = await newMessage(network.networkEID, adminToken, { htmlBody: `<p>Open ${word}</p>` });
    const lists: [string, string][] = [
      [`${timelinePath(network.networkEID)}?limit=50`, 'messages'],
      [`${messagesListPath(network.networkEID)}?limit=50`, 'messages'],
      [`/networks/${network.networkEID}/search/?q=${word}`, 'results'],
    ];
    for (const [path, rel] of lists) {
      const old = await itemsAt(path, OLD, rel);
      expect(old, path).toEqual(
        expect.arrayContaining([
          { EID, type: 'event' },
          { EID: update.EID, type: 'update' },
        ]),
      );
      expect(await itemsAt(path, mediaType('1.4.8'), rel), path).toEqual(
        expect.arrayContaining([
          { EID, type: 'announcement' },
          { EID: update.EID, type: 'update' },
        ]),
      );
    }
  });

  // From 1.4.8 `event` is a calendar event, so a body
  // without its event object is refused naming /body/event (tests/e2e/events/posting.test.ts).
  it('takes `event` from 1.4.8 on as a calendar event (400 naming /body/event without it), and refuses `announcement` before 1.4.8', async () => {
    for (const [accept, type, pointer] of [
      [mediaType('1.4.8'), 'event', '/body/event'],
      [mediaType(), 'event', '/body/event'],
      [OLD, 'announcement', '/body/type'],
    ] as const) {
      const refused = await postAt(accept, { type, htmlBody: '<p>x</p>' });
      expect(refused.status, `${accept} ${type} ${refused.text}`).toBe(400);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(refused.body.errors?.map((e) => e.pointer)).toContain(pointer);
    }
    const start = new Date(Date.now() + 86_400_000).toISOString();
    const calendar = await postAt(mediaType('1.4.8'), {
      type: 'event',
      htmlBody: '<p>x</p>',
      event: { start, end: start },
    });
    expect(calendar.status, calendar.text).toBe(201);
    expect(calendar.body).toMatchObject({ type: 'event', event: { canceled: false } });
    const latest = await postAt(mediaType('1.4.8'), { type: 'announcement', htmlBody: '<p>x</p>' });
    expect(latest.status, latest.text).toBe(201);
    expect(latest.body.type).toBe('announcement');
  });
});

describe('timeline ?type=announcement and ?type=app_update', () => {
  it('lists only messages of that type; an unknown type is 400 naming it', async () => {
    const own = await newNetwork('Announcement gate filters');
    const token = await own.admin.token();
    const app = await postingApp(own, ['post_updates']);
    const update = await newMessage(own.networkEID, token, { htmlBody: '<p>u</p>' });
    const announcement = await posted(own.networkEID, token, { type: 'announcement', htmlBody: '<p>a</p>' });
    const appUpdate = await posted(own.networkEID, app.token, { type: 'app_update', htmlBody: '<p>b</p>' });
    const EIDsOf = async (query: string) => {
      const answer = await call<Collection<MessageBody>>(`${timelinePath(own.networkEID)}${query}`, {
        token,
      });
      expect(answer.status, answer.text).toBe(200);
      return (answer.body._embedded.messages ?? []).map((m) => m.EID);
    };
    expect(await EIDsOf('?type=announcement')).toEqual([announcement.EID]);
    expect(await EIDsOf('?type=app_update')).toEqual([appUpdate.EID]);
    expect(await EIDsOf('?type=update')).toEqual([update.EID]);
    const bad = await call(`${timelinePath(own.networkEID)}?type=private_message`, { token });
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body).toMatchObject({ errors: [expect.objectContaining({ pointer: '/query/type' })] });
  });

  it('takes task, poll and event (calendar events from 1.4.8; before it `event` is an announcement)', async () => {
    const own = await newNetwork('Timeline type filters');
    const token = await own.admin.token();
    const task = await posted(own.networkEID, token, {
      type: 'task',
      htmlBody: '<p>t</p>',
      task: { assignees: [{ type: 'user', EID: own.admin.profileEID }] },
    });
    const poll = await newPoll(own.networkEID, token);
    const event = await posted(own.networkEID, token, eventBody({}, { htmlBody: '<p>e</p>' }));
    const announcement = await posted(own.networkEID, token, { type: 'announcement', htmlBody: '<p>a</p>' });
    const EIDsOf = async (query: string, accept?: string) => {
      const answer = await call<Collection<MessageBody>>(`${timelinePath(own.networkEID)}${query}`, {
        token,
        ...(accept ? { accept } : {}),
      });
      expect(answer.status, answer.text).toBe(200);
      return (answer.body._embedded.messages ?? []).map((m) => m.EID);
    };
    expect(await EIDsOf('?type=task')).toEqual([task.EID]);
    expect(await EIDsOf('?type=poll')).toEqual([poll.EID]);
    expect(await EIDsOf('?type=event')).toEqual([event.EID]);
    expect(await EIDsOf('?type=event', OLD)).toEqual([announcement.EID]);
  });
});
