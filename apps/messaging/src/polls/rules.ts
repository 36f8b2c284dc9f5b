/**
 * Polls as plain rules, unit-tested in rules.test.ts: what a new poll stores, when it
 * has ended, the end time of a reactivated poll, who reactivates, and the poll as read (and its
 * counts as events carry them).
 * Decisions: docs/decisions.md, "Messaging: polls".
 */
import { Types } from 'mongoose';
import { DomainError, toTimestamp } from '@ncs/contracts';

/** Furthest a poll may end from now. */
export const POLL_MAX_AHEAD_MS = 365 * 24 * 60 * 60 * 1000;

/** What the create body brings of a poll (`type: 'poll'`). */
export interface PollCreateInput {
  readonly type: string;
  readonly isAnonymous?: boolean | undefined;
  readonly poll?:
    { readonly answers: readonly { readonly text: string }[]; readonly endsAt: string } | undefined;
}

/** A poll as stored (`counts` a Map in mongoose, a plain object when read with `lean()`). */
export interface StoredPoll {
  readonly answers: readonly { readonly EID: string; readonly text: string }[];
  readonly endsAt: Date;
  readonly durationMs: number;
  readonly counts?: Map<string, number> | Readonly<Record<string, number>> | null;
  readonly numVoters?: number | null;
}

const invalid = (pointer: string, message: string) =>
  new DomainError('MESSAGING_ERR_POLL_INVALID', undefined, [{ pointer, message }]);

/** The end time of a new poll: a future time, at most a year ahead. */
function endsAtOf(endsAt: string, now: Date): Date {
  const at = new Date(endsAt);
  if (Number.isNaN(at.getTime()) || at <= now || at.getTime() - now.getTime() > POLL_MAX_AHEAD_MS) {
    throw invalid('/body/poll/endsAt', 'must be a future time, at most a year ahead');
  }
  return at;
}

/**
 * The stored fields of a new message from the poll part of the body: a poll needs `poll`; other
 * types take neither `poll` nor `isAnonymous` (400 naming the field).
 */
export function pollFieldsOf(
  body: PollCreateInput,
  now: Date,
  newEid = () => new Types.ObjectId().toString(),
) {
  if (body.type !== 'poll') return {}; // the poll fields on another type: refused by the core
  if (body.poll === undefined) throw invalid('/body/poll', 'is required for a poll');
  const seen = new Set<string>();
  const answers = body.poll.answers.map((answer, i) => {
    const text = answer.text.trim();
    const key = text.toLowerCase();
    if (seen.has(key)) throw invalid(`/body/poll/answers/${i}/text`, 'repeats an earlier answer');
    seen.add(key);
    return { EID: newEid(), text };
  });
  const endsAt = endsAtOf(body.poll.endsAt, now);
  return {
    isAnonymous: body.isAnonymous ?? false,
    poll: {
      answers,
      endsAt,
      durationMs: endsAt.getTime() - now.getTime(),
      counts: Object.fromEntries(answers.map((answer) => [answer.EID, 0])),
      numVoters: 0,
    },
  };
}

export const hasEnded = (poll: Pick<StoredPoll, 'endsAt'>, now: Date) =>
  poll.endsAt.getTime() <= now.getTime();

/** A reactivated poll runs as long again as it first ran, from now. */
export const reactivatedEndsAt = (poll: Pick<StoredPoll, 'durationMs'>, now: Date) =>
  new Date(now.getTime() + poll.durationMs);

/** The poll's author and network administrators reactivate it. */
export function requireReactivator(authorEID: string, profileEID: string, networkAdmin: boolean): void {
  if (authorEID !== profileEID && !networkAdmin) {
    throw new DomainError('MESSAGING_ERR_POLL_REACTIVATE_FORBIDDEN');
  }
}

/** The votes of an answer (never below 0: a change's two `$inc`s may land a moment apart). */
export function votesOf(poll: Pick<StoredPoll, 'counts'>, answerEID: string): number {
  const counts = poll.counts;
  const value = counts instanceof Map ? counts.get(answerEID) : counts?.[answerEID];
  return Math.max(0, value ?? 0);
}

export const hasAnswer = (poll: Pick<StoredPoll, 'answers'>, answerEID: string) =>
  poll.answers.some((answer) => answer.EID === answerEID);

/** The counts of the resource's `poll` (answers and voters), as the `poll.voted` event carries them. */
export function pollCountsOf(poll: StoredPoll) {
  return {
    answers: poll.answers.map((answer) => ({
      type: 'poll_answer' as const,
      EID: answer.EID,
      numVotes: votesOf(poll, answer.EID),
    })),
    numVotes: Math.max(0, poll.numVoters ?? 0),
  };
}

/** The `poll` object of the resource. */
export function presentPoll(poll: StoredPoll, now: Date) {
  return {
    answers: poll.answers.map((answer) => ({
      type: 'poll_answer',
      EID: answer.EID,
      text: answer.text,
      numVotes: votesOf(poll, answer.EID),
    })),
    endsAt: toTimestamp(poll.endsAt),
    ended: hasEnded(poll, now),
    numVotes: Math.max(0, poll.numVoters ?? 0),
  };
}
