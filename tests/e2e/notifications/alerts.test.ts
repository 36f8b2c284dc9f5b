/**
 * Alerts over HTTP: the durable consumer turns domain events into alerts read through
 * the gateway; coalescing (type + subject + recipient, while unread), the `coalesced` view, the
 * `category`/`read` filters, markread (required `category`, `actionability`), the counters of the
 * badge counters and of whoami, tenancy, and an event delivered twice making one alert.
 * Decisions: docs/decisions.md, "Notifications: alerts".
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type WhoamiBody } from '../../support/api.js';
import { appToken, installOverHttp, newApp, registerManifest } from '../../support/factories/apps.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { messagesPath, newComment, newMessage } from '../../support/factories/messages.js';
import {
  alertsOf,
  alertsPath,
  markreadPath,
  settledAlerts,
  waitForAlert,
  waitForAlerts,
  type AlertBody,
} from '../../support/factories/notifications.js';
import { stack } from '../../support/stack.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;

beforeAll(async () => {
  network = await newNetwork('Alerts');
  adminToken = await network.admin.token();
});

const user = (EID: string) => ({ type: 'user', EID });
const path = (link: { href: string } | undefined) => (link ? new URL(link.href).pathname : undefined);

describe('the alert resource', () => {
  it('makes a mention alert for the person mentioned, readable through the gateway', async () => {
    const ann = await network.newMember();
    const annToken = await ann.token();
    const posted = await call<{ EID: string }>(messagesPath(network.networkEID), {
      token: adminToken,
      json: { type: 'update', htmlBody: '<p>Hi Ann</p>', mentions: [user(ann.profileEID)] },
    });
    expect(posted.status, posted.text).toBe(201);
    const alert = await waitForAlert(network.networkEID, annToken, 'mention', posted.body.EID);
    expect(alert).toMatchObject({
      type: 'alert',
      alertType: 'mention',
      category: 'activity',
      actionability: 'non-actionable',
      read: false,
      coalesced: true,
      numCoalesced: 1,
      numOriginators: 1,
      numAuthors: 1,
      numGroups: 0,
      subject: { type: 'update', EID: posted.body.EID },
      originators: [user(network.admin.profileEID)],
      appData: null,
    });
    expect(path(alert!._links.message)).toBe(messagesPath(network.networkEID, `${posted.body.EID}/`));
    expect(path(alert!._links.alerts)).toBe(alertsPath(network.networkEID));
    // Nobody else got it.
    expect(
      (await alertsOf(network.networkEID, adminToken)).some((a) => a.subject?.EID === posted.body.EID),
    ).toBe(false);
  });
});

describe('coalescing', () => {
  it('merges unread alerts of one type about one subject; coalesced=false lists each occurrence', async () => {
    const [author, bob, cid] = await Promise.all([
      network.newMember(),
      network.newMember(),
      network.newMember(),
    ]);
    const [authorToken, bobToken, cidToken] = await Promise.all([author.token(), bob.token(), cid.token()]);
    const message = await newMessage(network.networkEID, authorToken);
    await newComment(network.networkEID, message.EID, bobToken);
    await waitForAlert(network.networkEID, authorToken, 'message_activity_comment', message.EID);
    await newComment(network.networkEID, message.EID, cidToken);
    await newComment(network.networkEID, message.EID, bobToken);
    const about = (all: AlertBody[]) => all.filter((a) => a.subject?.EID === message.EID);
    const alerts = about(
      await waitForAlerts(network.networkEID, authorToken, (all) => about(all)[0]?.numCoalesced === 3),
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      alertType: 'message_activity_comment',
      numCoalesced: 3,
      numOriginators: 2,
      // Newest first: Bob commented last.
      originators: [user(bob.profileEID), user(cid.profileEID)],
    });
    expect(alerts[0]!.appData).toMatchObject({ comment: { type: 'comment' } });

    const individual = about(await alertsOf(network.networkEID, authorToken, '&coalesced=false'));
    expect(individual).toHaveLength(3);
    expect(individual.map((a) => [a.coalesced, a.numCoalesced, a.originators[0]!.EID])).toEqual([
      [false, 1, bob.profileEID],
      [false, 1, cid.profileEID],
      [false, 1, bob.profileEID],
    ]);
    // Bob subscribed by commenting: Cid's comment and his own second one alert him only of Cid's.
    const bobs = await waitForAlerts(network.networkEID, bobToken, (all) => about(all).length > 0);
    expect(about(bobs)[0]).toMatchObject({ numCoalesced: 1, originators: [user(cid.profileEID)] });

    // Once read, the next occurrence opens a new alert.
    const marked = await call<{ data: { numMarked: number } }>(markreadPath(network.networkEID), {
      token: authorToken,
      json: { category: 'activity' },
    });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body.data.numMarked).toBe(1);
    await newComment(network.networkEID, message.EID, cidToken);
    const after = about(
      await waitForAlerts(network.networkEID, authorToken, (all) => about(all).length === 2),
    );
    expect(after.map((a) => [a.read, a.numCoalesced])).toEqual([
      [false, 1],
      [true, 3],
    ]);
    const unread = about(await alertsOf(network.networkEID, authorToken, '&read=false'));
    expect(unread.map((a) => a.numCoalesced)).toEqual([1]);
    const individualRead = about(
      await alertsOf(network.networkEID, authorToken, '&coalesced=false&read=true'),
    );
    expect(individualRead).toHaveLength(3);
  });
});

describe('markread and the counters', () => {
  it('requires category (400 naming it), takes actionability, and the counters follow', async () => {
    const [reader, poster] = await Promise.all([network.newMember(), network.newMember()]);
    const [readerToken, posterToken] = await Promise.all([reader.token(), poster.token()]);
    for (const json of [{}, { actionability: 'actionable' }]) {
      const missing = await call<{ errors?: { pointer: string }[] }>(markreadPath(network.networkEID), {
        token: readerToken,
        json,
      });
      expect(missing.status, missing.text).toBe(400);
      expect(missing.headers.get('content-type')).toMatch(/problem\+json/);
      expect(JSON.stringify(missing.body.errors)).toContain('category');
    }
    const bad = await call(markreadPath(network.networkEID), {
      token: readerToken,
      json: { category: 'activity', actionability: 'sometimes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('actionability');
    expect(
      (await call(`${alertsPath(network.networkEID)}?category=nope`, { token: readerToken })).status,
    ).toBe(400);

    for (const text of ['one', 'two']) {
      await call(messagesPath(network.networkEID), {
        token: posterToken,
        json: { type: 'update', htmlBody: `<p>${text}</p>`, mentions: [user(reader.profileEID)] },
      });
    }
    await waitForAlerts(network.networkEID, readerToken, (all) => all.length === 2);
    const badges = await call<Record<string, unknown>>(`/networks/${network.networkEID}/badgecounters/`, {
      token: readerToken,
    });
    expect(badges.status, badges.text).toBe(200);
    expect(badges.body).toMatchObject({ numUnreadAlertsCoalesced: 2, numAdminAlerts: 0 });
    const whoami = await call<WhoamiBody>('/whoami/', { token: readerToken });
    const mine = whoami.body.networks.find((n) => n.EID === network.networkEID);
    expect(mine?._user).toMatchObject({ numNonActionRequiredAlertsCoalesced: 2, numActionRequiredAlerts: 0 });

    // Actionable only: these are not. Another category: not these either.
    for (const json of [{ category: 'all', actionability: 'actionable' }, { category: 'system' }]) {
      const none = await call<{ data: { numMarked: number } }>(markreadPath(network.networkEID), {
        token: readerToken,
        json,
      });
      expect(none.body.data.numMarked).toBe(0);
    }
    const all = await call<{ data: { numMarked: number } }>(markreadPath(network.networkEID), {
      token: readerToken,
      json: { category: 'all', actionability: 'non-actionable' },
    });
    expect(all.body.data.numMarked).toBe(2);
    expect((await alertsOf(network.networkEID, readerToken, '&read=false&category=activity')).length).toBe(0);
    const after = await call<Record<string, unknown>>(`/networks/${network.networkEID}/badgecounters/`, {
      token: readerToken,
    });
    expect(after.body).toMatchObject({ numUnreadAlertsCoalesced: 0 });
  });
});

describe('tenancy', () => {
  it('answers 404 to another network’s member; lists the caller’s own alerts only', async () => {
    const [other, ann] = await Promise.all([newNetwork('Alerts other'), network.newMember()]);
    const outsiderToken = await other.admin.token();
    expect((await call(alertsPath(network.networkEID), { token: outsiderToken })).status).toBe(404);
    expect(
      (await call(markreadPath(network.networkEID), { token: outsiderToken, json: { category: 'all' } }))
        .status,
    ).toBe(404);
    const annToken = await ann.token();
    const posted = await call<{ EID: string }>(messagesPath(network.networkEID), {
      token: adminToken,
      json: { type: 'update', htmlBody: '<p>Ann</p>', mentions: [user(ann.profileEID)] },
    });
    const alert = await waitForAlert(network.networkEID, annToken, 'mention', posted.body.EID);
    expect(alert).toBeDefined();
    for (const query of ['', '&coalesced=false']) {
      const admins = await alertsOf(network.networkEID, adminToken, query);
      expect(admins.some((a) => a.EID === alert!.EID || a.subject?.EID === posted.body.EID)).toBe(false);
    }
    // Ann's alerts in her network are not in another network's list of hers.
    expect((await alertsOf(other.networkEID, outsiderToken)).some((a) => a.EID === alert!.EID)).toBe(false);
  });

  it('answers 403 to an app token: alerts belong to users', async () => {
    const app = await newApp({ name: 'Alerts app' });
    await registerManifest(app);
    await installOverHttp(network, app);
    const answer = await call(alertsPath(network.networkEID), { token: await appToken(app) });
    expect(answer.status, answer.text).toBe(403);
  });
});

describe('idempotency', () => {
  it('makes one alert of an event delivered twice', async () => {
    const ann = await network.newMember();
    const annToken = await ann.token();
    const message = await newMessage(network.networkEID, adminToken);
    const event = {
      id: randomBytes(12).toString('hex'),
      type: 'messaging.message.mentioned',
      occurredAt: new Date().toISOString(),
      networkEID: network.networkEID,
      actor: user(network.admin.profileEID),
      data: {
        alert: 'mention',
        recipient: user(ann.profileEID),
        message: { type: 'update', EID: message.EID },
      },
    };
    const nc = await connect({ servers: stack().natsUrl });
    try {
      const js = nc.jetstream();
      const payload = new TextEncoder().encode(JSON.stringify(event));
      // Two publications JetStream does not deduplicate (other message ids): a redelivery.
      for (let i = 0; i < 2; i += 1) {
        await js.publish(`events.messaging.message.mentioned.${event.networkEID}`, payload, {
          msgID: randomBytes(8).toString('hex'),
        });
      }
    } finally {
      await nc.close();
    }
    await waitForAlert(network.networkEID, annToken, 'mention', message.EID);
    const settled = await settledAlerts(network.networkEID, annToken, '&coalesced=false');
    expect(settled.filter((a) => a.subject?.EID === message.EID)).toHaveLength(1);
    const coalesced = await alertsOf(network.networkEID, annToken);
    expect(coalesced.find((a) => a.subject?.EID === message.EID)?.numCoalesced).toBe(1);
  });
});
