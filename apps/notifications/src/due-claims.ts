/**
 * Claiming the next due attempt of a queue whose rows are their own queue (push jobs, webhook
 * deliveries): the due rows are read on `{ nextAttemptAt }` (the one query across networks), and an
 * attempt is claimed by a unique insert into the queue's claims, keyed by the row, its claims so far
 * and its due time — the one write atomic on FerretDB 1.24 too, whose `findAndModify` and
 * conditional updates are a read then a write. The winner moves the due time a lease ahead and
 * counts the claim (`claims`), so if it dies the attempt falls due again under a new key.
 *
 * Three rules keep an attempt from being sent twice, or more attempts than the limit from being
 * sent, however slow the machine:
 * - every claim counts: a queue gives up once a row's `claims` pass its limit, so an attempt whose
 *   holder lost its lease (died, or stalled past it) is one of the attempts, not a free one;
 * - a holder sends only within its lease (`sendBudgetMs`): the send is cut off a margin before the
 *   lease ends, so a second holder never sends while the first one's request is still open;
 * - a holder writes its outcome only while it still holds the lease (`heldFilter`): an outcome
 *   that comes too late is dropped rather than overwriting the next holder's.
 *
 * The lease is conditional on the claims and due time read: a holder that finishes deletes its
 * claims, so a loop whose read predates that finish could insert the same claim again; the finisher
 * settles or moves the row first, so the lease then matches nothing and the stray claim is dropped.
 */
import type { Model, Types } from 'mongoose';
import { isDuplicateKeyError } from '@ncs/service-kit';

/** A row of such a queue, due at `nextAttemptAt` (null: not queued). */
export interface QueuedRow {
  readonly _id: Types.ObjectId;
  readonly networkEID: string;
  /** Attempts claimed so far (rows written before claims were counted have none: 0). */
  readonly claims?: number | null;
  readonly nextAttemptAt?: Date | null;
}

/** A row as its holder has it: its claims count this one, and it is due at the lease's end. */
export type HeldRow<Row extends QueuedRow> = Row & { readonly claims: number; readonly nextAttemptAt: Date };

export interface DueQueue<Row extends QueuedRow> {
  readonly rows: Model<Row>;
  /** The claims: `_id` `<row>:<claims>:<due ms>`, the network, and the row's id under `rowIdField`. */
  readonly claims: {
    create(doc: Record<string, string>): Promise<unknown>;
    deleteOne(filter: Record<string, string>): PromiseLike<unknown>;
  };
  readonly rowIdField: string;
}

/** Due rows looked at per query. */
const DUE_BATCH = 20;

/**
 * How long before its lease ends a holder stops sending. The configuration keeps every lease at
 * least this much longer than the send timeout (config.ts), so a holder that is not starved of CPU
 * always gets its full timeout.
 */
export const LEASE_MARGIN_MS = 1_000;

/** The next due row, now held by the caller for `leaseMs`, or null. */
export async function claimDue<Row extends QueuedRow>(
  queue: DueQueue<Row>,
  leaseMs: number,
): Promise<HeldRow<Row> | null> {
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

/** The filter of a row's claims as read: a missing count is a row from before claims were counted. */
const claimsAsRead = (claims: number | null | undefined) =>
  claims === undefined || claims === null ? { $in: [0, null] } : claims;

/** `row`'s attempt as it was read, held for `leaseMs`; null when another holds it or the row moved on. */
export async function claimAttempt<Row extends QueuedRow>(
  queue: DueQueue<Row>,
  row: Row,
  leaseMs: number,
): Promise<HeldRow<Row> | null> {
  const rowId = String(row._id);
  const claims = row.claims ?? 0;
  const claimId = `${rowId}:${claims}:${row.nextAttemptAt!.getTime()}`;
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
      claims: claimsAsRead(row.claims),
      nextAttemptAt: row.nextAttemptAt,
    },
    { $set: { nextAttemptAt: leaseEnd, claims: claims + 1 } },
  );
  if (leased.matchedCount === 0) {
    await queue.claims.deleteOne({ _id: claimId, networkEID: row.networkEID });
    return null;
  }
  return Object.assign({}, row, { claims: claims + 1, nextAttemptAt: leaseEnd });
}

/** The filter that matches the row only while `held`'s lease is still the row's. */
export function heldFilter(held: HeldRow<QueuedRow>) {
  return {
    _id: held._id,
    networkEID: held.networkEID,
    claims: held.claims,
    nextAttemptAt: held.nextAttemptAt,
  };
}

/**
 * The time the holder may still spend sending: the send timeout, cut so that the send ends
 * `LEASE_MARGIN_MS` before the lease does; 0 when the lease is (nearly) over: send nothing.
 */
export function sendBudgetMs(held: HeldRow<QueuedRow>, timeoutMs: number, now = Date.now()): number {
  return Math.max(0, Math.min(timeoutMs, held.nextAttemptAt.getTime() - LEASE_MARGIN_MS - now));
}
