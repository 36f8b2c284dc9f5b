/**
 * What a coalesced alert counts, derived from its occurrences when it is read: `numCoalesced`,
 * the originators (newest first, each once) and the groups. The occurrences are written by
 * inserts under unique indexes, exact with several instances on either store; counters `$inc`ed
 * on the alert lose updates on FerretDB 1.24, which runs an update as a read and a write
 * (docs/decisions.md, "Notifications: alerts"). One aggregation per page of alerts, a `$group` with
 * one accumulator (FerretDB answers 0 for a second), and the newest occurrences for the order of
 * the originators.
 */
import type { ResourceRef } from '@ncs/contracts';
import type { AlertModels } from './models.js';

export interface AlertAggregate {
  numCoalesced: number;
  /** Newest first. */
  originators: ResourceRef[];
  groupEIDs: string[];
}

/** Occurrences read to order the originators of a page of alerts, newest first. */
const RECENT_OCCURRENCES = 500;

interface Owner {
  readonly networkEID: string;
  readonly recipientEID: string;
}

export async function alertAggregates(
  models: AlertModels,
  owner: Owner,
  alertIds: readonly string[],
): Promise<Map<string, AlertAggregate>> {
  const result = new Map<string, AlertAggregate>(
    alertIds.map((id) => [id, { numCoalesced: 0, originators: [], groupEIDs: [] }]),
  );
  if (alertIds.length === 0) return result;
  const $match = {
    networkEID: owner.networkEID,
    recipientEID: owner.recipientEID,
    alertId: { $in: [...alertIds] },
  };
  // Notifications (alert throughput): one `$group` by alert, originator and groups gives
  // the counts (summed here), the originators and the groups; a scan less per list on FerretDB.
  const [combos, recent] = await Promise.all([
    models.Occurrence.aggregate<{
      _id: { a: string; t?: string | null; o?: string | null; g: string[] };
      n: number;
    }>([
      { $match },
      {
        $group: {
          _id: { a: '$alertId', t: '$originator.type', o: '$originator.EID', g: '$groupEIDs' },
          n: { $sum: 1 },
        },
      },
    ]),
    // Who acted last ($max is not implemented in FerretDB 1.24's $group): the newest occurrences.
    models.Occurrence.find($match, { alertId: 1, originator: 1 })
      .sort({ created: -1, _id: -1 })
      .limit(RECENT_OCCURRENCES)
      .lean(),
  ]);
  // Each alert's originators: those of its newest occurrences first, in that order, then the rest.
  const rank = new Map<string, number>();
  for (const [index, occurrence] of recent.entries()) {
    const key = `${String(occurrence.alertId)}|${occurrence.originator?.EID ?? ''}`;
    if (!rank.has(key)) rank.set(key, index);
  }
  const originators = new Map<string, { a: string; t: string; o: string }>();
  for (const { _id, n } of combos) {
    const aggregate = result.get(_id.a);
    if (!aggregate) continue;
    aggregate.numCoalesced += n;
    aggregate.groupEIDs.push(...(_id.g ?? []));
    if (typeof _id.t === 'string' && typeof _id.o === 'string')
      originators.set(`${_id.a}|${_id.t}|${_id.o}`, { a: _id.a, t: _id.t, o: _id.o });
  }
  const order = ({ a, o }: { a: string; o: string }) => rank.get(`${a}|${o}`) ?? Infinity;
  const sorted = [...originators.values()].sort((x, y) => order(x) - order(y));
  for (const { a, t, o } of sorted) result.get(a)?.originators.push({ type: t, EID: o });
  for (const aggregate of result.values()) aggregate.groupEIDs = [...new Set(aggregate.groupEIDs)].sort();
  return result;
}
