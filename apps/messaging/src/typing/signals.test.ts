import { TYPING_MIN_INTERVAL_MS, type EphemeralEvent } from '@ncs/contracts';
import { describe, expect, it } from 'vitest';
import { TypingSignals, typingAudience, type TypingEvent } from './signals.js';

const NETWORK = 'a'.repeat(24);
const typing = (userEID: string, conversationEID: string): TypingEvent => ({
  type: 'typing',
  networkEID: NETWORK,
  audience: { kind: 'network' },
  data: {
    user: { type: 'user', EID: userEID },
    conversation: { type: 'conversation', EID: conversationEID },
    expiresInMs: 6_000,
  },
});

function signals(maxEntries?: number) {
  const sent: EphemeralEvent[] = [];
  let now = 1_000_000;
  const typingSignals = new TypingSignals((event) => sent.push(event), {
    ...(maxEntries === undefined ? {} : { maxEntries }),
    now: () => now,
  });
  return { typingSignals, sent, advance: (ms: number) => (now += ms) };
}

describe('typing signals', () => {
  it('sends one event per person and target per interval', () => {
    const { typingSignals, sent, advance } = signals();
    expect(typingSignals.send(typing('u1', 'c1'))).toBe(true);
    expect(typingSignals.send(typing('u1', 'c1'))).toBe(false);
    expect(typingSignals.send(typing('u2', 'c1'))).toBe(true); // another person
    expect(typingSignals.send(typing('u1', 'c2'))).toBe(true); // another target
    advance(TYPING_MIN_INTERVAL_MS - 1);
    expect(typingSignals.send(typing('u1', 'c1'))).toBe(false);
    advance(1);
    expect(typingSignals.send(typing('u1', 'c1'))).toBe(true);
    expect(sent).toHaveLength(4);
  });

  it('remembers at most its bound of entries, the oldest forgotten first', () => {
    const { typingSignals } = signals(2);
    typingSignals.send(typing('u1', 'c1'));
    typingSignals.send(typing('u2', 'c1'));
    typingSignals.send(typing('u3', 'c1'));
    expect(typingSignals.send(typing('u3', 'c1'))).toBe(false);
    expect(typingSignals.send(typing('u1', 'c1'))).toBe(true); // evicted: let through early
  });

  it('leaves the typist out of a people audience, and nobody left means nothing to send', () => {
    expect(typingAudience({ kind: 'people', profileEIDs: ['me', 'you'] }, 'me')).toEqual({
      kind: 'people',
      profileEIDs: ['you'],
    });
    expect(typingAudience({ kind: 'people', profileEIDs: ['me'] }, 'me')).toBeNull();
    expect(typingAudience({ kind: 'group', groupEID: 'g'.repeat(24) }, 'me')).toEqual({
      kind: 'group',
      groupEID: 'g'.repeat(24),
    });
  });
});
