/**
 * What the live stream says about people being there, and how it survives losing a gateway:
 * presence derived from open streams (`online` when a person's first stream opens, `away` when the
 * last closes) reaches the network's other streams, or only the person's own when they hide their
 * presence; presence events carry no id (they are not replayed). A stream on a gateway that goes
 * away resumes on another with `Last-Event-ID` and misses nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api.js';
import { settingsPath } from '../../support/factories/account.js';
import {
  closeFactories,
  newNetwork,
  type TestNetwork,
  type TestPerson,
} from '../../support/factories/core.js';
import { newMessage } from '../../support/factories/messages.js';
import {
  contentAbout,
  type OpenStream,
  type StreamEvent,
  liveStreams,
  type StreamOptions,
} from '../../support/factories/stream.js';
import { startExtraGateway } from '../../support/extra-gateway.js';

afterAll(closeFactories);

let network: TestNetwork;
const live = liveStreams();

beforeAll(async () => {
  network = await newNetwork('Live presence');
});

afterAll(() => live.closeAll());

const streamOf = (person: TestPerson, options: StreamOptions = {}): Promise<OpenStream> =>
  live.open(network.networkEID, person, options);

/** A `presence` event (changes gathered per network) saying `person` is now `status`. */
const presenceOf = (person: TestPerson, status: string) => (event: StreamEvent) =>
  event.event === 'presence' &&
  (event.data.changes as { user: { EID: string }; status: string }[]).some(
    (change) => change.user.EID === person.profileEID && change.status === status,
  );

describe('presence from open streams', () => {
  it("tells the network's streams when a person's first stream opens and their last closes", async () => {
    const watcher = await network.newMember();
    const bob = await network.newMember();
    const watching = await streamOf(watcher);
    const first = await streamOf(bob);
    const online = await watching.waitFor(presenceOf(bob, 'online'));
    expect(online.id).toBeUndefined();
    expect(online.data.type).toBe('presence');
    expect(online.data.changes).toContainEqual({
      user: { type: 'user', EID: bob.profileEID },
      status: 'online',
      source: 'stream',
    });
    // A second stream of bob's is no news; closing it leaves him online.
    const second = await streamOf(bob);
    second.close();
    await second.closed;
    first.close();
    await watching.waitFor(presenceOf(bob, 'away'));
    expect(watching.events.filter(presenceOf(bob, 'online'))).toHaveLength(1);
    expect(watching.events.filter(presenceOf(bob, 'away'))).toHaveLength(1);
  });

  it('keeps the presence of a person who hides it from the network', async () => {
    const watcher = await network.newMember();
    const carol = await network.newMember();
    const dave = await network.newMember();
    const hidden = await call(settingsPath(network.networkEID, carol.profileEID), {
      method: 'PUT',
      token: await carol.token(),
      json: { showPresence: false },
    });
    expect(hidden.status, hidden.text).toBe(200);
    const watching = await streamOf(watcher);
    const carols = await streamOf(carol);
    carols.close();
    await carols.closed;
    await streamOf(dave);
    // Dave's presence was published after Carol's, by the same gateway: it arrives after.
    await watching.waitFor(presenceOf(dave, 'online'));
    // Neither her coming nor her going.
    expect(watching.events.filter((e) => JSON.stringify(e).includes(carol.profileEID))).toEqual([]);
  });
});

describe('presence set by hand', () => {
  it("reaches the network's streams when a person sets it", async () => {
    const watcher = await network.newMember();
    const gina = await network.newMember();
    const watching = await streamOf(watcher);
    const set = await call(`/networks/${network.networkEID}/users/${gina.profileEID}/presence/`, {
      method: 'PUT',
      token: await gina.token(),
      json: { status: 'away' },
    });
    expect(set.status, set.text).toBe(200);
    const event = await watching.waitFor(presenceOf(gina, 'away'));
    expect(event.data.changes).toContainEqual({
      user: { type: 'user', EID: gina.profileEID },
      status: 'away',
      source: 'presence',
    });
  });
});

describe('losing a gateway', () => {
  it('resumes on another instance with Last-Event-ID and misses nothing of what happened between', async () => {
    const gateway = await startExtraGateway('live-resume', { RATE_LIMIT_MAX: '0' });
    const erin = await network.newMember();
    const adminToken = await network.admin.token();
    let lastSeen: string;
    try {
      const onSecond = await streamOf(erin, { baseUrl: gateway.url });
      const before = await newMessage(network.networkEID, adminToken);
      lastSeen = (await onSecond.waitFor(contentAbout('messaging.message.created', before.EID))).id!;
    } finally {
      await gateway.stop();
    }
    const missed = [
      await newMessage(network.networkEID, adminToken),
      await newMessage(network.networkEID, adminToken),
    ];
    const resumed = await streamOf(erin, { lastEventId: lastSeen });
    const replayed = [];
    for (const message of missed)
      replayed.push(await resumed.waitFor(contentAbout('messaging.message.created', message.EID)));
    const ids = replayed.map((event) => Number(event.id));
    expect(ids[0]).toBeGreaterThan(Number(lastSeen));
    expect(ids[1]).toBeGreaterThan(ids[0]!);
    expect(resumed.events.some((event) => event.id === lastSeen)).toBe(false);
  });
});
