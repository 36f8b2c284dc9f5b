/**
 * The order of an alert's writes on the real store (docs/decisions.md "Notifications:
 * alert write order and throughput"): the occurrence is written and linked before its alert, so a
 * reader never sees an alert without the occurrence (and originator) that opened it; the same event
 * twice is one alert counted once; a delivery interrupted between the steps is finished by the next.
 */
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuntimeHandle } from '@ncs/service-kit';
import { alertAggregates } from '../src/alerts/aggregates.js';
import { registerAlertModels, type AlertModels, type AlertWrittenHook } from '../src/alerts/models.js';
import { deliverAlert, type AlertOccurrence } from '../src/alerts/writing.js';
import { eid, testRuntime } from './runtime.js';

const NET = eid();

let runtime: RuntimeHandle;
let models: AlertModels;
/** What the test runs when deliverAlert has written the alert (before it marks the occurrence). */
let onWritten: AlertWrittenHook = () => Promise.resolve();

beforeAll(async () => {
  runtime = await testRuntime('notifications_write_order');
  models = registerAlertModels(runtime.db, (written) => onWritten(written));
  await models.Alert.syncIndexes();
  await models.Occurrence.syncIndexes();
});

afterAll(async () => {
  await runtime.db.dropDatabase();
  await runtime.close();
});

function mention(recipientEID: string, subjectEID = eid()): AlertOccurrence {
  return {
    networkEID: NET,
    recipientEID,
    type: 'mention',
    eventId: eid(),
    occurredAt: new Date(),
    subject: { type: 'update', EID: subjectEID },
    originator: { type: 'user', EID: eid() },
    groupEIDs: [],
    appData: null,
  };
}

/** Every alert of the recipient that a reader sees now, with what it counts. */
async function visibleAlerts(recipientEID: string) {
  const owner = { networkEID: NET, recipientEID };
  const alerts = await models.Alert.find(owner, { _id: 1 }).lean();
  const ids = alerts.map((alert) => String(alert._id));
  return [...(await alertAggregates(models, owner, ids)).values()];
}

describe('the write order of an alert', () => {
  it('links the occurrence before the alert is written: a reader then sees its originator', async () => {
    const recipient = eid();
    const occurrence = mention(recipient);
    const seen: { numCoalesced: number; originators: string[] }[] = [];
    onWritten = async ({ alertId }) => {
      const owner = { networkEID: NET, recipientEID: recipient };
      const aggregate = (await alertAggregates(models, owner, [alertId])).get(alertId);
      seen.push({
        numCoalesced: aggregate?.numCoalesced ?? 0,
        originators: aggregate?.originators.map((ref) => ref.EID) ?? [],
      });
    };
    try {
      await deliverAlert(models, occurrence);
    } finally {
      onWritten = () => Promise.resolve();
    }
    expect(seen).toEqual([{ numCoalesced: 1, originators: [occurrence.originator!.EID] }]);
  });

  it('never shows an alert without an originator to readers during a burst', async () => {
    const recipient = eid();
    const subjects = [eid(), eid(), eid()];
    const burst = Array.from({ length: 45 }, (_, i) => mention(recipient, subjects[i % 3]));
    let writing = true;
    const empty: number[] = [];
    let reads = 0;
    const reader = (async () => {
      while (writing) {
        for (const aggregate of await visibleAlerts(recipient)) {
          if (aggregate.numCoalesced === 0 || aggregate.originators.length === 0) empty.push(reads);
        }
        reads += 1;
      }
    })();
    // Five writers at once, as the consumer runs them.
    for (let i = 0; i < burst.length; i += 5)
      await Promise.all(burst.slice(i, i + 5).map((o) => deliverAlert(models, o)));
    writing = false;
    await reader;
    expect(reads).toBeGreaterThan(0);
    expect(empty).toEqual([]);
    const final = await visibleAlerts(recipient);
    expect(final.map((a) => a.numCoalesced).sort()).toEqual([15, 15, 15]);
  });

  it('makes one alert counted once of the same event delivered twice, even at once', async () => {
    const recipient = eid();
    const occurrence = mention(recipient);
    await Promise.all([deliverAlert(models, occurrence), deliverAlert(models, occurrence)]);
    await deliverAlert(models, occurrence);
    const mine = { networkEID: NET, recipientEID: recipient };
    expect(await models.Occurrence.countDocuments(mine)).toBe(1);
    expect(await models.Occurrence.countDocuments({ ...mine, merged: true })).toBe(1);
    expect((await visibleAlerts(recipient)).map((a) => a.numCoalesced)).toEqual([1]);
  });

  it('finishes a delivery interrupted after the occurrence was written', async () => {
    const recipient = eid();
    const occurrence = mention(recipient);
    const mine = { networkEID: NET, recipientEID: recipient };
    // As a delivery leaves it when the process dies right after the first write.
    await models.Occurrence.create({
      ...mine,
      eventId: occurrence.eventId,
      alertId: String(new Types.ObjectId()),
      merged: false,
      alertType: 'mention',
      category: 'activity',
      actionable: false,
      subject: occurrence.subject,
      originator: occurrence.originator,
      created: occurrence.occurredAt,
    });
    expect(await models.Alert.countDocuments(mine)).toBe(0);
    await deliverAlert(models, occurrence);
    expect(await models.Occurrence.countDocuments({ ...mine, merged: true })).toBe(1);
    expect((await visibleAlerts(recipient)).map((a) => a.numCoalesced)).toEqual([1]);
  });

  it('opens a new alert when the one an interrupted occurrence named was read meanwhile', async () => {
    const recipient = eid();
    const mine = { networkEID: NET, recipientEID: recipient };
    const subject = eid();
    const first = mention(recipient, subject);
    await deliverAlert(models, first);
    const [opened] = await models.Alert.find(mine).lean();
    // Read (its key freed), while a second occurrence linked to it was not merged yet.
    await models.Alert.updateOne(
      { ...mine, _id: opened!._id },
      { $set: { read: true, openKey: `read:${String(opened!._id)}` } },
    );
    const second = mention(recipient, subject);
    await models.Occurrence.create({
      ...mine,
      eventId: second.eventId,
      alertId: String(opened!._id),
      merged: false,
      alertType: 'mention',
      category: 'activity',
      actionable: false,
      subject: second.subject,
      originator: second.originator,
      created: second.occurredAt,
    });
    await deliverAlert(models, second);
    const alerts = await models.Alert.find(mine).sort({ created: 1 }).lean();
    expect(alerts.map((a) => a.read)).toEqual([true, false]);
    const counted = await alertAggregates(
      models,
      mine,
      alerts.map((a) => String(a._id)),
    );
    expect([...counted.values()].map((a) => a.numCoalesced)).toEqual([1, 1]);
  });
});
