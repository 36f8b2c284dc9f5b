import { describe, expect, it } from 'vitest';
import type { DomainEvent, EventAudience } from '@ncs/contracts';
import type { LogEvent } from './log.js';
import { LiveRouter, type RoutedStream } from './router.js';

function stream(networkEID: string, profileEID: string): RoutedStream & { got: number[] } {
  const got: number[] = [];
  return { networkEID, profileEID, got, offer: (event) => got.push(event.seq) };
}

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
