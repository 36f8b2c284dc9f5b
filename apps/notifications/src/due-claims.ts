/**
 * Claiming the next due attempt of a queue whose rows are their own queue (push jobs, webhook
 * deliveries): the due rows are read on `{ nextAttemptAt }` (the one query across networks), and an
 * attempt is claimed by a unique insert into the queue's claims, keyed by the row, its attempt count
 * and its due time — the one write atomic on FerretDB 1.24 too, whose `findAndModify` and
 * conditional updates are a read then a write. The winner moves the due time a lease ahead, so if it
 * dies the attempt falls due again under a new key, claimable once more.
 *
 * The lease is conditional on the attempt and due time read: a holder that finishes deletes its
 * claims, so a loop whose read predates that finish could insert the same claim again and send the
 * attempt twice; the finisher deletes or moves the row first, so the lease then matches nothing and
 * the stray claim is dropped.
 */
import type { Model, Types } from 'mongoose';
import { isDuplicateKeyError } from '@ncs/service-kit';

/** A row of such a queue: `attempts` made so far, due at `nextAttemptAt` (null: not queued). */
export interface QueuedRow {
  readonly _id: Types.ObjectId;
  readonly networkEID: string;
  readonly attempts: number;
  readonly nextAttemptAt?: Date | null;
}

export interface DueQueue<Row extends QueuedRow> {
  readonly rows: Model<Row>;
  /** The claims: `_id` `<row>:<attempt>:<due ms>`, the network, and the row's id under `rowIdField`. */
  readonly claims: {
    create(doc: Record<string, string>): Promise<unknown>;
    deleteOne(filter: Record<string, string>): PromiseLike<unknown>;
  };
  readonly rowIdField: string;
}

/** Due rows looked at per query. */
const DUE_BATCH = 20;

/** The next due row, now held by the caller for `leaseMs` (its leased due time), or null. */
export async function claimDue<Row extends QueuedRow>(
  queue: DueQueue<Row>,
  leaseMs: number,
): Promise<Row | null> {
  const due = await queue.rows
    .find({ nextAttemptAt: { $lte: new Date() } })
    .sort({ nextAttemptAt: 1 })
    .limit(DUE_BATCH)
    .lean<Row[]>();
  for (const row of due) {
    const claimed = await claimAttempt(queue, row, leaseMs);
    if (claimed) return claimed;
  }
  return null;
}

/** `row`'s attempt as it was read, held for `leaseMs`; null when another holds it or the row moved on. */
export async function claimAttempt<Row extends QueuedRow>(
  queue: DueQueue<Row>,
  row: Row,
  leaseMs: number,
): Promise<Row | null> {
  const rowId = String(row._id);
  const claimId = `${rowId}:${row.attempts}:${row.nextAttemptAt!.getTime()}`;
  try {
    await queue.claims.create({ _id: claimId, networkEID: row.networkEID, [queue.rowIdField]: rowId });
  } catch (error) {
    if (isDuplicateKeyError(error)) return null;
    throw error;
  }
  const leaseEnd = new Date(Date.now() + leaseMs);
  const leased = await queue.rows.updateOne(
    {
      _id: row._id,
      networkEID: row.networkEID,
      attempts: row.attempts,
      nextAttemptAt: row.nextAttemptAt,
    },
    { $set: { nextAttemptAt: leaseEnd } },
  );
  if (leased.matchedCount === 0) {
    await queue.claims.deleteOne({ _id: claimId, networkEID: row.networkEID });
    return null;
  }
  return { ...row, nextAttemptAt: leaseEnd };
}
