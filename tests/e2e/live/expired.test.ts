/**
 * A resume from an id the log no longer holds: when retention has dropped the events after a
 * client's `Last-Event-ID`, the stream says `reset` (`expired`: refetch what you show) instead of
 * replaying with a silent gap, then goes on live. Retention is played by purging the log's oldest
 * events, which no other file may see happen: it runs alone (tests/alone.mjs).
 */
import { connect } from 'nats';
import { afterAll, describe, expect, it } from 'vitest';
import { EVENTS_STREAM } from '@ncs/contracts';
import { closeFactories, newNetwork } from '../../support/factories/core.js';
import { newMessage } from '../../support/factories/messages.js';
import { contentAbout, openStream, type OpenStream } from '../../support/factories/stream.js';
import { stack } from '../../support/stack.js';

afterAll(closeFactories);

const opened: OpenStream[] = [];
afterAll(() => {
  for (const stream of opened) stream.close();
});

describe('a resume older than the log', () => {
  it('gets reset expired, then the events from now on', async () => {
    const network = await newNetwork('Live expired');
    const adminToken = await network.admin.token();
    const member = await network.newMember();
    const token = await member.token();
    const first = await openStream(network.networkEID, token);
    opened.push(first);
    await first.waitFor((event) => event.event === 'counters');
    const seen = await newMessage(network.networkEID, adminToken);
    const lastEventId = (await first.waitFor(contentAbout('messaging.message.created', seen.EID))).id!;
    first.close();

    const missed = await newMessage(network.networkEID, adminToken);
    // Retention: the log drops everything up to and including the missed post.
    const nc = await connect({ servers: stack().natsUrl });
    try {
      const jsm = await nc.jetstreamManager();
      const { state } = await jsm.streams.info(EVENTS_STREAM);
      await jsm.streams.purge(EVENTS_STREAM, { seq: state.last_seq + 1 });
      expect((await jsm.streams.info(EVENTS_STREAM)).state.first_seq).toBeGreaterThan(
        Number(lastEventId) + 1,
      );
    } finally {
      await nc.close();
    }

    const resumed = await openStream(network.networkEID, token, { lastEventId });
    opened.push(resumed);
    const reset = await resumed.waitFor((event) => event.event === 'reset');
    expect(reset.data).toEqual({ reason: 'expired' });
    expect(reset.id).toBeUndefined();
    // Live again, and nothing of what the log no longer holds came as if replayed.
    const after = await newMessage(network.networkEID, adminToken);
    await resumed.waitFor(contentAbout('messaging.message.created', after.EID));
    expect(resumed.events.some(contentAbout('messaging.message.created', missed.EID))).toBe(false);
  });
});
