/**
 * Notifications: the fault test. K = 500 domain events are published to
 * JetStream while the notifications service is killed (SIGKILL, events in flight) and restarted, and
 * NATS is restarted once (same port and JetStream store): exactly K alerts exist afterwards, read
 * over HTTP, none lost, none doubled. The instances under test run on a NATS of their own
 * (`startRestartableNats`) and write to the stack's store, whose gateway and notifications service
 * read the alerts back; the stack itself is not disturbed. Decisions: docs/decisions.md,
 * "Notifications: the live stream and the fault test".
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { connect, type NatsConnection } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import { EVENTS_STREAM } from '@ncs/contracts';
import { ALERTS_DURABLE } from '@ncs/notifications/testing';
import {
  spawnAppProcess,
  startRestartableNats,
  stopChild,
  type RestartableNats,
  type RunningApp,
} from '@ncs/local-infra';
import { call } from '../../support/api.js';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { alertsPath } from '../../support/factories/notifications.js';
import { stack } from '../../support/stack.js';

const K = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let nats: RestartableNats | undefined;
let publisher: NatsConnection | undefined;
const instances: RunningApp[] = [];
let networkEID: string | undefined;

afterAll(async () => {
  await Promise.all(instances.map((instance) => stopChild(instance.child, 5_000)));
  await publisher?.close().catch(() => undefined);
  await nats?.stop();
  // The K alerts would slow every later test that scans the collections: removed here.
  if (networkEID) {
    const db = mongoose.createConnection(stack().mongoUrl, { dbName: 'ncs_notifications' });
    try {
      await db.collection('alerts').deleteMany({ networkEID });
      await db.collection('alert_occurrences').deleteMany({ networkEID });
    } finally {
      await db.close();
    }
  }
  await closeFactories();
});

function startNotifications(natsUrl: string): RunningApp {
  const instance = spawnAppProcess('notifications', {
    natsUrl,
    mongoUrl: stack().mongoUrl,
    baseEnv: process.env,
    env: { LOG_LEVEL: 'info', DEMO_DATA: 'false' },
    logFile: join(tmpdir(), `ncs-fault-notifications-${Date.now()}-${instances.length}.log`),
  });
  instances.push(instance);
  return instance;
}

async function until(
  check: () => boolean | Promise<boolean>,
  what: string | (() => string),
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    }
    await sleep(250);
  }
}

const ready = (instance: RunningApp) =>
  until(
    () => existsSync(instance.logFile) && readFileSync(instance.logFile, 'utf8').includes('service ready'),
    'a notifications instance to be ready',
    30_000,
  );

/** Publishes until JetStream acknowledges (NATS may be restarting); the message id deduplicates. */
async function publishSurely(nc: NatsConnection, event: { id: string; networkEID: string }): Promise<void> {
  const payload = new TextEncoder().encode(JSON.stringify(event));
  for (;;) {
    try {
      await nc.jetstream().publish(`events.messaging.message.mentioned.${event.networkEID}`, payload, {
        msgID: event.id,
        timeout: 2_000,
      });
      return;
    } catch {
      await sleep(200);
    }
  }
}

describe('the alerts consumer under faults', () => {
  it(`turns K = ${K} events into exactly K alerts while notifications is killed and NATS restarts`, async () => {
    const started = Date.now();
    nats = await startRestartableNats();
    const network = await newNetwork('Fault test');
    networkEID = network.networkEID;
    const rita = await network.newMember();
    const ritaToken = await rita.token();
    const first = startNotifications(nats.url);
    await ready(first);
    publisher = await connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 100 });

    const events = Array.from({ length: K }, (_, i) => ({
      id: randomBytes(12).toString('hex'),
      type: 'messaging.message.mentioned',
      occurredAt: new Date().toISOString(),
      networkEID: network.networkEID,
      actor: { type: 'user', EID: network.admin.profileEID },
      data: {
        alert: 'mention',
        recipient: { type: 'user', EID: rita.profileEID },
        // A message of its own per event: K alerts that never coalesce.
        message: { type: 'update', EID: `${randomBytes(8).toString('hex')}${String(i).padStart(8, '0')}` },
      },
    }));
    const publishRange = async (from: number, to: number) => {
      for (const event of events.slice(from, to)) await publishSurely(publisher!, event);
    };

    await publishRange(0, 150);
    // Killed while it works through them: at a moment the consumer shows events delivered to it and
    // not acknowledged (they come again after the ack wait), more events given to it while it has
    // caught up, so the kill never meets an idle instance (a fixed wait once did, on a fast spell).
    const jsm = await publisher.jetstreamManager();
    let published = 150;
    let inFlight = 0;
    await until(
      async () => {
        const info = await jsm.consumers.info(EVENTS_STREAM, ALERTS_DURABLE).catch(() => undefined);
        inFlight = info?.num_ack_pending ?? 0;
        if (inFlight >= 2) return true;
        if (info?.num_pending === 0 && published < 300) {
          await publishRange(published, published + 10);
          published += 10;
        }
        return false;
      },
      () => `events delivered to the first instance and not acknowledged (${published} published)`,
      60_000,
    );
    first.child.kill('SIGKILL');
    const second = startNotifications(nats.url);
    await publishRange(published, 300);
    await ready(second);
    await sleep(500);
    await nats.restart();
    await publishRange(300, K);

    const totals = async () => {
      const [coalesced, individual] = await Promise.all(
        ['?limit=1', '?limit=1&coalesced=false'].map((query) =>
          call<{ total: number }>(`${alertsPath(network.networkEID)}${query}`, { token: ritaToken }),
        ),
      );
      return [coalesced!.body.total, individual!.body.total] as const;
    };
    // Generous: on a loaded 2-core runner the local store writes a few alerts a second.
    let seen: readonly [number, number] = [0, 0];
    await until(
      async () => (seen = await totals())[1] >= K,
      () => `${K} alerts (${seen[1]} individual, ${seen[0]} coalesced after ${Date.now() - started} ms)`,
      240_000,
    );
    // Settled: nothing more comes (no event doubled by the redeliveries).
    await sleep(2_000);
    expect(await totals()).toEqual([K, K]);
    // Events were delivered again (those in flight at the kill among them): more deliveries than events.
    const delivered = (await jsm.consumers.info(EVENTS_STREAM, ALERTS_DURABLE)).delivered.consumer_seq;
    expect(delivered).toBeGreaterThan(K);
    process.stderr.write(
      `[fault] ${K} events, kill with ${inFlight} in flight + NATS restart: ${delivered} deliveries, ` +
        `${Date.now() - started} ms\n`,
    );
  }, 360_000);
});
