import { describe, expect, it, vi } from 'vitest';
import type { DomainEvent, EphemeralEvent, EventAudience } from '@ncs/contracts';
import type { LogEvent } from './log.js';
import { LiveRouter, PRESENCE_BATCH_MS, type PresenceBatch, type RoutedStream } from './router.js';

function stream(
  networkEID: string,
  profileEID: string,
): RoutedStream & { got: number[]; typing: string[]; presence: PresenceBatch[] } {
  const got: number[] = [];
  const typing: string[] = [];
  const presence: PresenceBatch[] = [];
  return {
    networkEID,
    profileEID,
    got,
    typing,
    presence,
    offer: (event) => got.push(event.seq),
    offerEphemeral: (event) => typing.push(event.data.user.EID),
    offerPresence: (batch) => presence.push(batch),
  };
}

const presenceOf = (EID: string, status: 'online' | 'away', audience: EventAudience): EphemeralEvent => ({
  type: 'presence',
  networkEID: 'n1',
  audience,
  data: { user: { type: 'user', EID }, status, source: 'stream' },
});

let seq = 0;
function logEvent(
  networkEID: string | undefined,
  audience: EventAudience,
  type = 'messaging.message.created',
): LogEvent {
  seq += 1;
  const event: DomainEvent = {
    id: String(seq),
    type,
    occurredAt: '2026-01-01T00:00:00+00:00',
    ...(networkEID === undefined ? {} : { networkEID }),
    audience,
    data: {},
  };
  return { seq, event };
}

describe('LiveRouter', () => {
  it("offers a network's events to that network's streams only", () => {
    const router = new LiveRouter();
    const here = stream('n1', 'p1');
    const there = stream('n2', 'p1');
    router.add(here);
    router.add(there);
    const event = logEvent('n1', { kind: 'network' });
    router.route(event);
    expect(here.got).toEqual([event.seq]);
    expect(there.got).toEqual([]);
  });

  it("offers a people event to the named people's streams, every one of them, and no other", () => {
    const router = new LiveRouter();
    const [phone, laptop, other] = [stream('n1', 'p1'), stream('n1', 'p1'), stream('n1', 'p2')];
    for (const s of [phone, laptop, other]) router.add(s);
    const event = logEvent('n1', { kind: 'people', profileEIDs: ['p1'] });
    router.route(event);
    expect(phone.got).toEqual([event.seq]);
    expect(laptop.got).toEqual([event.seq]);
    expect(other.got).toEqual([]);
  });

  it('offers nothing internal, of no network, or of a type the stream does not carry', () => {
    const router = new LiveRouter();
    const s = stream('n1', 'p1');
    router.add(s);
    router.route(logEvent('n1', { kind: 'internal' }));
    router.route(logEvent(undefined, { kind: 'network' }));
    router.route(logEvent('n1', { kind: 'network' }, 'auth.token.revoked'));
    expect(s.got).toEqual([]);
  });

  it("offers an ephemeral event by its audience as it offers the log's", () => {
    const router = new LiveRouter();
    const [inConversation, outside, elsewhere] = [stream('n1', 'p2'), stream('n1', 'p3'), stream('n2', 'p2')];
    for (const s of [inConversation, outside, elsewhere]) router.add(s);
    const typing = (audience: EventAudience): EphemeralEvent => ({
      type: 'typing',
      networkEID: 'n1',
      audience,
      data: {
        user: { type: 'user', EID: 'p1' },
        conversation: { type: 'conversation', EID: 'c1' },
        expiresInMs: 6000,
      },
    });
    router.routeEphemeral(typing({ kind: 'people', profileEIDs: ['p2'] }));
    expect(inConversation.typing).toEqual(['p1']);
    expect(outside.typing).toEqual([]);
    expect(elsewhere.typing).toEqual([]);
    router.routeEphemeral(typing({ kind: 'internal' }));
    router.routeEphemeral(typing({ kind: 'network' }));
    expect(outside.typing).toEqual(['p1']);
    expect(elsewhere.typing).toEqual([]);
  });

  it("gathers a network's presence changes, the latest per person, into one batch for each stream", () => {
    vi.useFakeTimers();
    try {
      const router = new LiveRouter();
      const [watcher, elsewhere] = [stream('n1', 'p9'), stream('n2', 'p9')];
      router.add(watcher);
      router.add(elsewhere);
      router.routeEphemeral(presenceOf('p1', 'online', { kind: 'network' }));
      router.routeEphemeral(presenceOf('p2', 'online', { kind: 'network' }));
      router.routeEphemeral(presenceOf('p1', 'away', { kind: 'network' }));
      router.routeEphemeral(presenceOf('p3', 'online', { kind: 'people', profileEIDs: ['p3'] }));
      expect(watcher.presence).toEqual([]);
      vi.advanceTimersByTime(PRESENCE_BATCH_MS);
      expect(watcher.presence).toHaveLength(1);
      const [batch] = watcher.presence;
      expect(batch!.forEveryone.map((change) => [change.user.EID, change.status])).toEqual([
        ['p2', 'online'],
        ['p1', 'away'],
      ]);
      expect(JSON.parse(batch!.everyoneJson!)).toEqual({ type: 'presence', changes: batch!.forEveryone });
      // For the person's own streams only: each stream checks it against its person.
      expect(batch!.personal.map((change) => change.data.user.EID)).toEqual(['p3']);
      expect(elsewhere.presence).toEqual([]);
      // Nothing more until the next change.
      vi.advanceTimersByTime(10 * PRESENCE_BATCH_MS);
      expect(watcher.presence).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("offers a moved message's event to its former timeline's streams too, each stream once", () => {
    const router = new LiveRouter();
    const streams = [stream('n1', 'from'), stream('n1', 'to'), stream('n1', 'both')];
    for (const s of streams) router.add(s);
    seq += 1;
    router.route({
      seq,
      event: {
        id: String(seq),
        type: 'messaging.message.moved',
        occurredAt: '2026-01-01T00:00:00+00:00',
        networkEID: 'n1',
        audience: { kind: 'group', groupEID: 'g2' },
        data: { from: { type: 'group', EID: 'g1' }, to: { type: 'group', EID: 'g2' } },
      },
    });
    // Group audiences reach every stream of the network (each checks its standing), once.
    expect(streams.map((s) => s.got)).toEqual([[seq], [seq], [seq]]);
  });

  it('forgets a removed stream and counts the open ones', () => {
    const router = new LiveRouter();
    const [a, b] = [stream('n1', 'p1'), stream('n1', 'p2')];
    router.add(a);
    router.add(b);
    expect(router.size).toBe(2);
    router.remove(a);
    router.route(logEvent('n1', { kind: 'network' }));
    expect(a.got).toEqual([]);
    expect(b.got).toHaveLength(1);
    expect(router.size).toBe(1);
    expect(router.streamsOf('n1', 'p1')).toEqual([]);
  });
});
