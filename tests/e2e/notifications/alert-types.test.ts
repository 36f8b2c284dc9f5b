/**
 * Each alert type whose producer exists, with its recipients: the producing action
 * through the gateway, then the alert read through the gateway (bounded wait). The failed ends of
 * news jobs have no HTTP trigger (a removed news item is still found by the job): their events
 * are published in the producer's shape. Decisions: docs/decisions.md, "Notifications: alerts".
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type WhoamiBody } from '../../support/api.js';
import { closeFactories, newNetwork, type TestNetwork } from '../../support/factories/core.js';
import { addMember, membersPath, newGroup } from '../../support/factories/groups.js';
import { messagesPath } from '../../support/factories/messages.js';
import { followJob, newNews, type JobBody } from '../../support/factories/news.js';
import {
  alertsOf,
  markreadPath,
  settledAlerts,
  waitForAlert,
  waitForAlerts,
} from '../../support/factories/notifications.js';
import { stack } from '../../support/stack.js';

afterAll(closeFactories);

let network: TestNetwork;
let adminToken: string;

beforeAll(async () => {
  network = await newNetwork('Alert types');
  adminToken = await network.admin.token();
});

const user = (EID: string) => ({ type: 'user', EID });
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

describe('messaging alerts', () => {
  it('scheduled_update_published goes to the author when the item is published', async () => {
    const author = await network.newMember();
    const token = await author.token();
    const posted = await call<{ EID: string }>(messagesPath(network.networkEID), {
      token,
      json: { type: 'update', htmlBody: '<p>Later</p>', scheduledAt: inSeconds(2) },
    });
    expect(posted.status, posted.text).toBe(201);
    const alert = await waitForAlert(
      network.networkEID,
      token,
      'scheduled_update_published',
      posted.body.EID,
    );
    expect(alert).toMatchObject({
      category: 'system',
      actionability: 'non-actionable',
      subject: { type: 'update', EID: posted.body.EID },
      originators: [user(author.profileEID)],
    });
  });

  it('DUPLICATION_PROCESS_SUCEEDED and NEWS_ADDRESSEE_EXPORT_SUCCESS go to the requester', async () => {
    const otherAdmin = await network.newMember({ role: 'admin' });
    const otherToken = await otherAdmin.token();
    const news = await newNews(network.networkEID, adminToken);
    const duplication = await call<JobBody>(`/networks/${network.networkEID}/news/${news.EID}/duplicate/`, {
      token: otherToken,
      method: 'POST',
    });
    expect(duplication.status, duplication.text).toBe(202);
    const exported = await call<JobBody>(
      `/networks/${network.networkEID}/news/${news.EID}/addressee-exports/`,
      {
        token: otherToken,
        method: 'POST',
      },
    );
    expect(exported.status, exported.text).toBe(202);
    expect((await followJob(duplication.body, otherToken)).status).toBe('succeeded');
    expect((await followJob(exported.body, otherToken)).status).toBe('succeeded');

    const duplicated = await waitForAlert(network.networkEID, otherToken, 'DUPLICATION_PROCESS_SUCEEDED');
    expect(duplicated).toMatchObject({
      category: 'system',
      subject: { type: 'news', EID: news.EID },
      appData: {
        job: { type: 'news_duplication', EID: duplication.body.EID },
        copy: { type: 'news', EID: duplication.body.EID },
      },
    });
    const exportAlert = await waitForAlert(network.networkEID, otherToken, 'NEWS_ADDRESSEE_EXPORT_SUCCESS');
    expect(exportAlert).toMatchObject({
      category: 'system',
      subject: { type: 'news', EID: news.EID },
      appData: { job: { type: 'news_addressee_export', EID: exported.body.EID } },
    });
    expect(typeof exportAlert?.appData?.numAddressees).toBe('number');
    // The author of the news item is not the requester: nothing for them.
    const authors = await alertsOf(network.networkEID, adminToken, '&category=system');
    expect(authors.filter((a) => a.subject?.EID === news.EID)).toEqual([]);
  });

  it('DUPLICATION_PROCESS_FAILED and NEWS_ADDRESSEE_EXPORT_FAILURE (events in the producer’s shape)', async () => {
    const requester = await network.newMember({ role: 'admin' });
    const token = await requester.token();
    const newsEID = randomBytes(12).toString('hex');
    const jobEID = randomBytes(12).toString('hex');
    const base = {
      occurredAt: new Date().toISOString(),
      networkEID: network.networkEID,
      actor: user(requester.profileEID),
    };
    // The producer's data: alert, job, subject field, recipient (apps/messaging news/jobs.ts).
    const jobEnd = (alert: string, job: string, subjectField: string, more: Record<string, unknown>) => ({
      alert,
      job: { type: job, EID: jobEID },
      [subjectField]: { type: 'news', EID: newsEID },
      ...more,
      recipient: user(requester.profileEID),
    });
    const events: [string, Record<string, unknown>][] = [
      [
        'events.messaging.news.duplication_failed',
        jobEnd('DUPLICATION_PROCESS_FAILED', 'news_duplication', 'original', { copy: null }),
      ],
      [
        'events.messaging.news.addressee_export_failed',
        jobEnd('NEWS_ADDRESSEE_EXPORT_FAILURE', 'news_addressee_export', 'news', { numAddressees: null }),
      ],
    ];
    const nc = await connect({ servers: stack().natsUrl });
    try {
      for (const [subject, data] of events) {
        const id = randomBytes(12).toString('hex');
        const event = { id, type: subject.slice('events.'.length), ...base, data };
        await nc
          .jetstream()
          .publish(`${subject}.${network.networkEID}`, new TextEncoder().encode(JSON.stringify(event)), {
            msgID: id,
          });
      }
    } finally {
      await nc.close();
    }
    const alerts = await waitForAlerts(network.networkEID, token, (all) => all.length === 2);
    expect(alerts.map((a) => [a.alertType, a.category, a.subject?.EID]).sort()).toEqual([
      ['DUPLICATION_PROCESS_FAILED', 'system', newsEID],
      ['NEWS_ADDRESSEE_EXPORT_FAILURE', 'system', newsEID],
    ]);
  });
});

describe('group alerts', () => {
  it('added_to_groups merges the groups one is added to; removed_from_groups; a leave makes none', async () => {
    const member = await network.newMember();
    const token = await member.token();
    const [g1, g2] = [
      await newGroup(network.networkEID, adminToken),
      await newGroup(network.networkEID, adminToken),
    ];
    await addMember(network.networkEID, g1.EID, adminToken, member.profileEID);
    await addMember(network.networkEID, g2.EID, adminToken, member.profileEID);
    const [added] = await waitForAlerts(network.networkEID, token, (all) => all[0]?.numGroups === 2);
    expect(added).toMatchObject({
      alertType: 'added_to_groups',
      category: 'activity',
      numCoalesced: 2,
      numGroups: 2,
      subject: { type: 'network', EID: network.networkEID },
      originators: [user(network.admin.profileEID)],
    });
    expect(added!.groups.map((g) => g.EID).sort()).toEqual([g1.EID, g2.EID].sort());

    const removed = await call(membersPath(network.networkEID, g1.EID, `${member.profileEID}/`), {
      token: adminToken,
      method: 'DELETE',
    });
    expect(removed.status, removed.text).toBe(204);
    const left = await call(membersPath(network.networkEID, g2.EID, `${member.profileEID}/`), {
      token,
      method: 'DELETE',
    });
    expect(left.status, left.text).toBe(204);
    const alert = await waitForAlert(network.networkEID, token, 'removed_from_groups');
    expect(alert).toMatchObject({ numCoalesced: 1, groups: [{ type: 'group', EID: g1.EID }] });
    const settled = await settledAlerts(network.networkEID, token);
    expect(settled.map((a) => a.alertType).sort()).toEqual(['added_to_groups', 'removed_from_groups']);
  });

  it('orphaned_group goes to every network admin, actionable, counted as an admin alert', async () => {
    const [owner, secondAdmin] = await Promise.all([
      network.newMember(),
      network.newMember({ role: 'admin' }),
    ]);
    const [ownerToken, secondToken] = await Promise.all([owner.token(), secondAdmin.token()]);
    const group = await newGroup(network.networkEID, ownerToken);
    const removed = await call(membersPath(network.networkEID, group.EID, `${owner.profileEID}/`), {
      token: adminToken,
      method: 'DELETE',
    });
    expect(removed.status, removed.text).toBe(204);
    for (const token of [adminToken, secondToken]) {
      const alert = await waitForAlert(network.networkEID, token, 'orphaned_group', group.EID);
      expect(alert).toMatchObject({
        category: 'admin',
        actionability: 'actionable',
        subject: { type: 'group', EID: group.EID },
        groups: [{ type: 'group', EID: group.EID }],
      });
      expect(new URL(alert!._links.group!.href).pathname).toBe(
        `/networks/${network.networkEID}/groups/${group.EID}/`,
      );
    }
    const badges = await call<Record<string, number>>(`/networks/${network.networkEID}/badgecounters/`, {
      token: secondToken,
    });
    expect(badges.body).toMatchObject({ numAdminAlerts: 1, numUnreadAlertsCoalesced: 1 });
    const whoami = await call<WhoamiBody>('/whoami/', { token: secondToken });
    expect(whoami.body.networks.find((n) => n.EID === network.networkEID)?._user).toMatchObject({
      numActionRequiredAlerts: 1,
      numNonActionRequiredAlertsCoalesced: 0,
    });
    const marked = await call<{ data: { numMarked: number } }>(markreadPath(network.networkEID), {
      token: secondToken,
      json: { category: 'admin', actionability: 'actionable' },
    });
    expect(marked.body.data.numMarked).toBe(1);
    const after = await call<Record<string, number>>(`/networks/${network.networkEID}/badgecounters/`, {
      token: secondToken,
    });
    expect(after.body).toMatchObject({ numAdminAlerts: 0 });
    // The owner (not a network admin) is not told.
    expect(
      (await alertsOf(network.networkEID, ownerToken)).filter((a) => a.alertType === 'orphaned_group'),
    ).toEqual([]);
  });
});
