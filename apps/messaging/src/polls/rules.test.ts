import { describe, expect, it } from 'vitest';
import { DomainError } from '@ncs/contracts';
import {
  hasEnded,
  pollFieldsOf,
  presentPoll,
  reactivatedEndsAt,
  requireReactivator,
  votesOf,
  POLL_MAX_AHEAD_MS,
} from './rules.js';

const now = new Date('2026-01-01T00:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms).toISOString();
let n = 0;
const newEid = () => String(++n).padStart(24, '0');
const body = (answers: string[], endsAt = later(60_000)) => ({
  type: 'poll',
  poll: { answers: answers.map((text) => ({ text })), endsAt },
});

function pointerOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return (error as DomainError).details?.[0]?.pointer;
  }
  return undefined;
}

describe('pollFieldsOf', () => {
  it('gives every answer an EID and zero votes, and keeps how long the poll runs', () => {
    const fields = pollFieldsOf(body([' Yes ', 'No']), now, newEid);
    expect(fields.isAnonymous).toBe(false);
    expect(fields.poll?.answers.map((a) => a.text)).toEqual(['Yes', 'No']);
    expect(new Set(fields.poll?.answers.map((a) => a.EID)).size).toBe(2);
    expect(Object.values(fields.poll?.counts ?? {})).toEqual([0, 0]);
    expect(fields.poll?.durationMs).toBe(60_000);
  });

  it('refuses repeated answers (case ignored), naming the repeat', () => {
    expect(pointerOf(() => pollFieldsOf(body(['Yes', 'no', 'YES']), now, newEid))).toBe(
      '/body/poll/answers/2/text',
    );
  });

  it('refuses an end time in the past, now, or more than a year ahead', () => {
    for (const endsAt of [later(-1), later(0), later(POLL_MAX_AHEAD_MS + 1)]) {
      expect(pointerOf(() => pollFieldsOf(body(['a', 'b'], endsAt), now, newEid))).toBe('/body/poll/endsAt');
    }
  });

  it('needs `poll` on a poll; another type gets no poll fields (refused by the type table)', () => {
    expect(pointerOf(() => pollFieldsOf({ type: 'poll' }, now))).toBe('/body/poll');
    expect(pollFieldsOf({ type: 'update' }, now)).toEqual({});
  });
});

describe('ending and reactivation', () => {
  it('has ended from its end time on', () => {
    expect(hasEnded({ endsAt: now }, now)).toBe(true);
    expect(hasEnded({ endsAt: new Date(now.getTime() + 1) }, now)).toBe(false);
  });

  it('runs as long again once reactivated', () => {
    expect(reactivatedEndsAt({ durationMs: 5_000 }, now).toISOString()).toBe(later(5_000));
  });

  it('is reactivated by its author or a network administrator only', () => {
    expect(() => requireReactivator('a', 'a', false)).not.toThrow();
    expect(() => requireReactivator('a', 'b', true)).not.toThrow();
    expect(() => requireReactivator('a', 'b', false)).toThrow(DomainError);
  });
});

describe('counts', () => {
  it('reads counts from a Map or a plain object, never below 0', () => {
    expect(votesOf({ counts: new Map([['x', 2]]) }, 'x')).toBe(2);
    expect(votesOf({ counts: { x: -1 } }, 'x')).toBe(0);
    expect(votesOf({ counts: null }, 'x')).toBe(0);
  });

  it('presents answers with their votes, the end time and `ended`', () => {
    const poll = {
      answers: [{ EID: 'x', text: 'X' }],
      endsAt: now,
      durationMs: 1,
      counts: { x: 3 },
      numVoters: 3,
    };
    expect(presentPoll(poll, now)).toEqual({
      answers: [{ type: 'poll_answer', EID: 'x', text: 'X', numVotes: 3 }],
      endsAt: '2026-01-01T00:00:00.000+00:00',
      ended: true,
      numVotes: 3,
    });
  });
});
