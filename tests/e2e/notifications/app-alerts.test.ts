/**
 * App alerts: an app installed with `send_alerts` sends an `app` alert with
 * `POST /networks/{networkEID}/apps/{appEID}/alerts` to people by EID or XID; a pending invitee
 * (invited by e-mail, not yet accepted) gets it when they join. Without the permission 403 -415;
 * another app's path 403 -415; an unknown EID or XID 400 -416 naming it; another network 404.
 * Decisions: docs/decisions.md, "Notifications: app alerts, the live stream and delivery guarantees".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type ApiResponse } from '../../support/api.js';
import { closeFactories, newNetwork, uniqueSuffix, type TestNetwork } from '../../support/factories/core.js';
import { setXid } from '../../support/factories/directory.js';
import { postingApp } from '../../support/factories/message-types.js';
import { alertsOf, settledAlerts, waitForAlert } from '../../support/factories/notifications.js';

afterAll(closeFactories);

let network: TestNetwork;
let app: { appEID: string; token: string };

beforeAll(async () => {
  network = await newNetwork('App alerts');
  app = await postingApp(network, ['send_alerts']);
});

interface SentBody {
  type: string;
  EID: string;
  numDelivered: number;
  numPending: number;
  code?: number;
  errors?: { pointer: string }[];
}

const send = (json: unknown, token = app.token, appEID = app.appEID, networkEID = network.networkEID) =>
  call<SentBody>(`/networks/${networkEID}/apps/${appEID}/alerts`, { token, json });

const byEid = (EID: string) => ({ type: 'user', EID });

describe('app alerts', () => {
  it('sends an app alert to members by EID and XID: the app is subject and originator, with appData', async () => {
    const [a, b, outsider] = [
      await network.newMember(),
      await network.newMember(),
      await network.newMember(),
    ];
    const xid = `ext-${uniqueSuffix()}`;
    await setXid(network, b.profileEID, xid);
    const sent = await send({
      recipients: [byEid(a.profileEID), { type: 'user', XID: xid }],
      appData: { build: 7, status: 'green' },
    });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toMatchObject({
      type: 'app_alert',
      numDelivered: 2,
      numPending: 0,
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/),
    });
    for (const person of [a, b]) {
      const alert = await waitForAlert(network.networkEID, await person.token(), 'app');
      expect(alert).toMatchObject({
        category: 'activity',
        actionability: 'non-actionable',
        subject: { type: 'app', EID: app.appEID },
        originators: [{ type: 'app', EID: app.appEID }],
        appData: { build: 7, status: 'green' },
      });
    }
    expect(await alertsOf(network.networkEID, await outsider.token())).toEqual([]);
  });

  it('delivers to a pending invitee named by XID when they accept the invitation, once', async () => {
    const home = await newNetwork('App alerts home');
    const person = await home.newMember();
    const invited = await call<{ EID: string; user: { EID: string } }>(
      `/networks/${network.networkEID}/invitations/`,
      { token: await network.admin.token(), json: { email: person.email } },
    );
    expect(invited.status, invited.text).toBe(201);
    const xid = `pending-${uniqueSuffix()}`;
    await setXid(network, invited.body.user.EID, xid);
    const sent = await send({ recipients: [{ type: 'user', XID: xid }], appData: { hello: 'soon' } });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toMatchObject({ numDelivered: 0, numPending: 1 });

    const accepted = await call(`/invitations/${invited.body.EID}/accept`, {
      method: 'POST',
      token: await person.token(),
    });
    expect(accepted.status, accepted.text).toBe(200);
    // A fresh token: the gateway caches a token's memberships for a moment.
    const token = await person.token();
    const alert = await waitForAlert(network.networkEID, token, 'app');
    expect(alert).toMatchObject({
      subject: { type: 'app', EID: app.appEID },
      appData: { hello: 'soon' },
      numCoalesced: 1,
    });
    const settled = await settledAlerts(network.networkEID, token);
    expect(settled.map((x) => [x.alertType, x.numCoalesced])).toEqual([['app', 1]]);
  });

  it('403 -415 without send_alerts, on another app’s path, and for a user token', async () => {
    const member = await network.newMember();
    const other = await postingApp(network, ['post_updates']);
    const json = { recipients: [byEid(member.profileEID)] };
    const expectForbidden = (answer: ApiResponse<SentBody>) => {
      expect(answer.status, answer.text).toBe(403);
      expect(answer.body.code).toBe(-415);
    };
    expectForbidden(await send(json, other.token, other.appEID));
    expectForbidden(await send(json, app.token, other.appEID));
    expectForbidden(await send(json, await network.admin.token()));
    expect(await settledAlerts(network.networkEID, await member.token())).toEqual([]);
  });

  it('400 -416 naming an unknown EID or XID (nobody alerted); 400 for a bad body', async () => {
    const member = await network.newMember();
    const stranger = await (await newNetwork('App alerts stranger')).newMember();
    const unknown = await send({
      recipients: [
        byEid(member.profileEID),
        byEid(stranger.profileEID),
        { type: 'user', XID: 'nobody-here' },
      ],
    });
    expect(unknown.status, unknown.text).toBe(400);
    expect(unknown.body.code).toBe(-416);
    expect(unknown.body.errors?.map((e) => e.pointer)).toEqual([
      '/body/recipients/1/EID',
      '/body/recipients/2/XID',
    ]);
    expect(await settledAlerts(network.networkEID, await member.token())).toEqual([]);
    const empty = await send({ recipients: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]?.pointer).toBe('/body/recipients');
    const big = await send({ recipients: [byEid(member.profileEID)], appData: { x: 'y'.repeat(5000) } });
    expect(big.status).toBe(400);
    expect(big.body.code).toBe(-417);
  });

  it('404 in a network the app is not installed in', async () => {
    const other = await newNetwork('App alerts other');
    const member = await other.newMember();
    const answer = await send(
      { recipients: [byEid(member.profileEID)] },
      app.token,
      app.appEID,
      other.networkEID,
    );
    expect(answer.status, answer.text).toBe(404);
  });
});
