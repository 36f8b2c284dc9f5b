/**
 * Notifications: the live stream. `GET /networks/{networkEID}/stream` delivers the
 * caller's new alerts and counter changes as Server-Sent Events with heartbeats, resumes from
 * `Last-Event-ID`, ends when the token is revoked, answers `text/event-stream` whatever HAL version
 * was asked for, refuses outsiders (404) and a sixth stream of one person (429), and works through
 * another gateway instance than the one the alert was caused through. Decisions: docs/decisions.md,
 * "Notifications: the live stream and the fault test".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, demo, mediaType, passwordGrant } from '../../support/api.js';
import { appToken, installOverHttp, newApp, registerManifest } from '../../support/factories/apps.js';
import {
  closeFactories,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { messagesPath } from '../../support/factories/messages.js';
import { markreadPath, waitForAlert } from '../../support/factories/notifications.js';
import { openStream, streamPath, type OpenStream, type StreamEvent } from '../../support/factories/stream.js';
import { startExtraGateway } from '../../support/extra-gateway.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;
const opened: OpenStream[] = [];

beforeAll(async () => {
  network = await newNetwork('Live stream');
  adminToken = await network.admin.token();
});

afterAll(() => {
  for (const stream of opened) stream.close();
});

async function open(...args: Parameters<typeof openStream>): Promise<OpenStream> {
  const stream = await openStream(...args);
  opened.push(stream);
  return stream;
}

/** The admin mentions `person` in a new update; resolves with the update's EID. */
async function mention(person: TestPerson): Promise<string> {
  const posted = await call<{ EID: string }>(messagesPath(network.networkEID), {
    token: adminToken,
    json: { type: 'update', htmlBody: '<p>Hello</p>', mentions: [{ type: 'user', EID: person.profileEID }] },
  });
  expect(posted.status, posted.text).toBe(201);
  return posted.body.EID;
}

const alertAbout = (messageEID: string) => (event: StreamEvent) =>
  event.event === 'alert' &&
  (event.data.alert as { subject?: { EID?: string } } | undefined)?.subject?.EID === messageEID;

describe('the live stream', () => {
  it('delivers a new alert with its id and counters, and heartbeats, as text/event-stream in any version', async () => {
    const ann = await network.newMember();
    // An older HAL version asked for: the stream answers text/event-stream all the same.
    const stream = await open(network.networkEID, await ann.token(), { accept: mediaType('2023.0.1') });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('cache-control')).toBe('no-store');
    const first = await stream.waitFor((e) => e.event === 'counters');
    expect(first.data).toMatchObject({ numUnreadAlertsCoalesced: 0, numActionRequiredAlerts: 0 });

    const messageEID = await mention(ann);
    const event = await stream.waitFor(alertAbout(messageEID));
    expect(event.id).toMatch(/^[0-9]+$/);
    expect(event.data.alert).toMatchObject({
      type: 'alert',
      alertType: 'mention',
      read: false,
      subject: { type: 'update', EID: messageEID },
      _links: { message: expect.anything() as unknown },
    });
    expect(event.data.counters).toMatchObject({ numUnreadAlertsCoalesced: 1 });
    // Heartbeats (every 500 ms in the test stack) are comment lines.
    const deadline = Date.now() + 5_000;
    while (stream.comments === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(stream.comments).toBeGreaterThan(0);

    // A counter change without a new alert: markread.
    const marked = await call(markreadPath(network.networkEID), {
      token: await ann.token(),
      json: { category: 'all' },
    });
    expect(marked.status, marked.text).toBe(200);
    await stream.waitFor((e) => e.event === 'counters' && e.data.numUnreadAlertsCoalesced === 0);
  });

  it('replays what was missed after Last-Event-ID, then goes on live', async () => {
    const bob = await network.newMember();
    const bobToken = await bob.token();
    const stream = await open(network.networkEID, bobToken);
    const seen = await stream.waitFor(alertAbout(await mention(bob)));
    stream.close();
    await stream.closed;

    const missed = await mention(bob);
    // The alert is written while no stream is open.
    expect(await waitForAlert(network.networkEID, bobToken, 'mention', missed)).toBeDefined();
    const resumed = await open(network.networkEID, bobToken, { lastEventId: seen.id! });
    const replayed = await resumed.waitFor(alertAbout(missed));
    expect(Number(replayed.id)).toBeGreaterThan(Number(seen.id));
    // Nothing before the resume point comes again.
    expect(resumed.events.some((e) => e.id === seen.id)).toBe(false);
    // Live again after the replay.
    await resumed.waitFor(alertAbout(await mention(bob)));
    // Resumed streams go on without repeating an id.
    const ids = resumed.events.flatMap((e) => (e.id === undefined ? [] : [Number(e.id)]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    // Without Last-Event-ID the stream starts from now: nothing is replayed.
    const fresh = await open(network.networkEID, bobToken);
    await fresh.waitFor((e) => e.event === 'counters');
    await new Promise((r) => setTimeout(r, 500));
    expect(fresh.events.filter((e) => e.event === 'alert')).toEqual([]);
  });

  it('ends when its token is revoked', async () => {
    const cid = await network.newMember();
    const pair = (await passwordGrant(cid.email, cid.password)).body;
    const stream = await open(network.networkEID, pair.access_token);
    await stream.waitFor((e) => e.event === 'counters');
    const revoked = await call('/oauth/v2/revoke', {
      accept: null,
      form: { token: pair.access_token, client_id: demo.clientId, client_secret: demo.clientSecret },
    });
    expect(revoked.status, revoked.text).toBe(200);
    const end = await stream.waitFor((e) => e.event === 'end', 5_000);
    expect(end.data).toEqual({ reason: 'token_revoked' });
    await stream.closed; // the server closed it
  });

  it('is 404 to a person outside the network, 401 without a token', async () => {
    const elsewhere = await newNetwork('Live stream outsiders');
    const stream = await open(network.networkEID, await elsewhere.admin.token());
    expect(stream.status).toBe(404);
    expect(stream.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await call(streamPath(network.networkEID))).status).toBe(401);
  });

  it('is 403 to an app installed in the network: alerts belong to users', async () => {
    const app = await newApp({ name: 'Stream app' });
    await registerManifest(app);
    await installOverHttp(network, app);
    const stream = await open(network.networkEID, await appToken(app));
    expect(stream.status).toBe(403);
    expect(stream.problem).toMatchObject({ code: -419 });
  });

  it('refuses a sixth stream of one person with 429 naming the limit, and frees a slot when one closes', async () => {
    const dan = await network.newMember();
    const danToken = await dan.token();
    const five = await Promise.all([1, 2, 3, 4, 5].map(() => open(network.networkEID, danToken)));
    expect(five.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await open(network.networkEID, danToken);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(sixth.problem).toMatchObject({ code: -418, status: 429 });
    expect(String(sixth.problem?.detail)).toContain('5 live streams');
    five[0]!.close();
    const deadline = Date.now() + 5_000;
    for (;;) {
      const again = await open(network.networkEID, danToken);
      if (again.status === 200) break;
      if (Date.now() > deadline) throw new Error('no slot came free');
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  it('validates its query (closeAfter, lastEventId) and ends after closeAfter seconds', async () => {
    const token = await network.admin.token();
    const bad = await call(`${streamPath(network.networkEID)}?closeAfter=0`, { token });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('closeAfter');
    const badId = await call(`${streamPath(network.networkEID)}?lastEventId=nope`, { token });
    expect(badId.status).toBe(400);
    // A bounded stream is an ordinary response that ends.
    const bounded = await call(`${streamPath(network.networkEID)}?closeAfter=1`, { token });
    expect(bounded.status).toBe(200);
    expect(bounded.text).toContain('event: counters');
    expect(bounded.text).toContain('event: end\ndata: {"reason":"closed"}');
  });
});

describe('several gateway instances', () => {
  it('holds each person to the limit the gateway is configured with (STREAM_MAX_PER_PERSON)', async () => {
    const gateway = await startExtraGateway('stream-limit', {
      RATE_LIMIT_MAX: '0',
      STREAM_MAX_PER_PERSON: '1',
    });
    try {
      const frank = await network.newMember();
      const token = await frank.token();
      const first = await open(network.networkEID, token, { baseUrl: gateway.url });
      expect(first.status).toBe(200);
      const second = await open(network.networkEID, token, { baseUrl: gateway.url });
      expect(second.status).toBe(429);
      expect(second.problem).toMatchObject({ code: -418, detail: expect.stringContaining('1 live streams') });
      first.close();
    } finally {
      await gateway.stop();
    }
  });

  it('delivers through a second gateway an alert caused through the first', async () => {
    const gateway = await startExtraGateway('stream-second', { RATE_LIMIT_MAX: '0' });
    try {
      const baseUrl = gateway.url;
      const eve = await network.newMember();
      const stream = await open(network.networkEID, await eve.token(), { baseUrl });
      expect(stream.status).toBe(200);
      await stream.waitFor((e) => e.event === 'counters');
      await stream.waitFor(alertAbout(await mention(eve)));
      stream.close();
    } finally {
      await gateway.stop();
    }
  });
});
