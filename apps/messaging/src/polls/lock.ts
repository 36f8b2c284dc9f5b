/**
 * Polls: the changes of one poll (votes, reactivation) run one at a time, under a claim
 * `poll:<EID>` in `message_claims` (a unique insert, scheduling/lease.ts) released when done. Why:
 * FerretDB 1.24 applies `$inc` and a conditional `updateOne` as a read then a write (20 parallel
 * `$inc` of one field ended at 8; 2 of 20 compare-and-sets on one value both won), so counters of
 * concurrent votes drift there; only a unique insert is atomic on both stores. On MongoDB the same
 * writes are atomic anyway; the claim costs two small writes per vote. A claim left by a dead
 * instance is taken over when its lease ends. docs/decisions.md, "Messaging: polls".
 */
import { DomainError } from '@ncs/contracts';
import { claim } from '../messages/lease.js';
import type { PollStore } from './model.js';

/** How long a claim holds when its holder dies before releasing it. */
const LEASE_MS = 5_000;
/** How long a change waits for the poll before it is answered 409 (a burst on one poll). */
const WAIT_MS = 5_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `change` while holding the poll's claim. */
export async function underPollClaim<T>(
  models: PollStore,
  pollEID: string,
  change: () => Promise<T>,
): Promise<T> {
  const key = `poll:${pollEID}`;
  const giveUpAt = Date.now() + WAIT_MS;
  let now = new Date();
  while (!(await claim(models.Claim, key, LEASE_MS, now))) {
    if (Date.now() > giveUpAt) throw new DomainError('MESSAGING_ERR_POLL_BUSY');
    await pause(5 + Math.random() * 20);
    now = new Date();
  }
  try {
    return await change();
  } finally {
    // Only our own claim (a takeover after our lease ended holds another `until`).
    await models.Claim.deleteOne({ _id: key, until: new Date(now.getTime() + LEASE_MS) });
  }
}
