// `npm run bench:alerts`: through the real platform, (1) the delay from a domain event
// published on JetStream to its alert being readable in the notifications store, at 100 events/s
// for 30 s (p50/p99), and (2) the read time of the alert list (`GET …/alerts/?limit=20`, through the
// gateway) when one person has 10,000 alerts. The events follow messaging's convention (`mention`,
// each about its own message, so none merge); the 10,000 alerts are seeded straight into the store
// with their occurrences. Not part of `npm test`.
//
// Environment: BENCH_RATE (events/s, default 100), BENCH_SECONDS (default 30), BENCH_DURATION (s per
// read case, default 10).
import { randomBytes } from 'node:crypto';
import { measureAll, out, report, runBench, startPlatform } from './platform.mjs';

const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SEEDED = 10_000;
const POLL_MS = 100;
/** Alerts modified this long before a poll are read again by it (a poll may take seconds). */
const POLL_WINDOW_MS = 15_000;
/** How long after the last event an alert may still arrive. */
const GRACE_MS = 120_000;
/** How long the reads wait for the consumer to catch up. */
const DRAIN_MS = 300_000;
const { connect } = await import('nats');
const { default: mongoose } = await import('mongoose');

let db;
let nc;
const hex = () => randomBytes(12).toString('hex');
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const { infra, stack, headers, networkEID, profileEID } = await startPlatform('bench-alerts');
  db = await mongoose.createConnection(infra.mongoUrl, { dbName: 'ncs_notifications' }).asPromise();
  nc = await connect({ servers: infra.natsUrl });
  const js = nc.jetstream();

  // (1) Delay from event to alert, measured by polling the store for the alerts written lately (each
  // event is about its own message: the alert's `openKey` names it). Not by the events' ids: an `$in`
  // of thousands of ids every 100 ms cost FerretDB more than the consumer's own writes (measured:
  // the write path alone went from 10.5 to 2.8 alerts/s beside such a poller, 9.7 beside this one).
  const alerts = db.collection('alerts');
  const sentAt = new Map(); // message EID → when its event was published
  const delays = [];
  let polling = true;
  let lastSent = Date.now();
  let lastSeen = Date.now();
  const poller = (async () => {
    while (polling || sentAt.size > 0) {
      const since = new Date(Date.now() - POLL_WINDOW_MS);
      const found = await alerts
        .find(
          { networkEID, recipientEID: profileEID, lastModified: { $gte: since } },
          { projection: { openKey: 1 } },
        )
        .toArray();
      const now = Date.now();
      for (const row of found) {
        const message = row.openKey.slice(row.openKey.lastIndexOf(':') + 1);
        if (!sentAt.has(message)) continue;
        delays.push(now - sentAt.get(message));
        sentAt.delete(message);
        lastSeen = now;
      }
      // Every 100 ms: the poll itself scans the collection on FerretDB, so more often slows the consumer.
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      if (!polling && Date.now() - lastSent > GRACE_MS) break;
    }
  })();
  const total = RATE * SECONDS;
  const start = Date.now();
  out(`Publishing ${total} events at ${RATE}/s…`);
  for (let i = 0; i < total; i += 1) {
    const due = start + (i * 1000) / RATE;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const id = hex();
    const message = hex();
    const event = {
      id,
      type: 'messaging.message.mentioned',
      occurredAt: new Date().toISOString(),
      networkEID,
      actor: { type: 'user', EID: hex() },
      data: {
        alert: 'mention',
        message: { type: 'update', EID: message },
        recipient: { type: 'user', EID: profileEID },
      },
    };
    sentAt.set(message, Date.now());
    lastSent = Date.now();
    await js.publish('events.messaging.message.mentioned', new TextEncoder().encode(JSON.stringify(event)), {
      msgID: id,
    });
  }
  polling = false;
  await poller;
  delays.sort((a, b) => a - b);
  out(
    `Event → alert readable: ${delays.length}/${total} alerts, p50 ${pct(delays, 50)} ms, p99 ${pct(delays, 99)} ms, max ${delays.at(-1)} ms` +
      (sentAt.size > 0 ? ` (${sentAt.size} not seen within ${GRACE_MS / 1000} s)` : ''),
  );
  out(
    `Alerts written per second (first event to last alert seen): ${((1000 * delays.length) / (lastSeen - start)).toFixed(1)}`,
  );

  // (2) The alert list at 10,000 alerts of one person, once the consumer has caught up (reads under
  // a backlog of writes would measure the backlog).
  const mine = { networkEID, recipientEID: profileEID };
  const drainStart = Date.now();
  let have = await db.collection('alerts').countDocuments(mine);
  while (have < total && Date.now() - drainStart < DRAIN_MS) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    have = await db.collection('alerts').countDocuments(mine);
  }
  out(
    have >= total
      ? `The consumer caught up ${((Date.now() - drainStart) / 1000).toFixed(0)} s after the measurement ended`
      : `The consumer is still ${total - have} events behind after ${DRAIN_MS / 1000} s more; the reads run beside it`,
  );
  await seedAlerts(networkEID, profileEID, SEEDED - have);
  out(`Seeded up to ${SEEDED} alerts of the demo user`);
  const list = `${stack.baseUrl}/networks/${networkEID}/alerts/`;
  const results = await measureAll(
    [
      { name: `alert list, first page of 20 (${SEEDED} alerts)`, url: `${list}?limit=20` },
      {
        name: `alert list, unread activity (${SEEDED} alerts)`,
        url: `${list}?limit=20&read=false&category=activity`,
      },
      { name: `alert list, individual view (${SEEDED} alerts)`, url: `${list}?limit=20&coalesced=false` },
    ],
    headers,
  );
  return report(results) || (delays.length === total ? 0 : 1);
}

/** Inserts `count` coalesced alerts (each with its one occurrence) of `profileEID`, in batches. */
async function seedAlerts(networkEID, recipientEID, count) {
  const base = Date.now() - 100_000_000;
  for (let offset = 0; offset < count; offset += 1000) {
    const alerts = [];
    const rows = [];
    for (let i = offset; i < Math.min(count, offset + 1000); i += 1) {
      const at = new Date(base + i * 1000);
      const _id = new mongoose.Types.ObjectId();
      const subject = { type: 'update', EID: hex() };
      const kind = { alertType: 'mention', category: 'activity', actionable: false, read: false, subject };
      alerts.push({
        _id,
        networkEID,
        recipientEID,
        ...kind,
        openKey: `mention|update:${subject.EID}`,
        appData: null,
        created: at,
        lastModified: at,
      });
      rows.push({
        networkEID,
        recipientEID,
        eventId: hex(),
        alertId: String(_id),
        merged: true,
        ...kind,
        originator: { type: 'user', EID: hex() },
        groupEIDs: [],
        appData: null,
        created: at,
      });
    }
    await db.collection('alerts').insertMany(alerts, { ordered: false });
    await db.collection('alert_occurrences').insertMany(rows, { ordered: false });
  }
}

await runBench(main, async () => {
  await nc?.close();
  await db?.close();
});
