/**
 * MongoDB's planning rules, as the index-coverage test applies them: a query
 * is served by an index when the index's leading keys are keys the filter holds equal (or `$in`),
 * then — if the query sorts — the sort keys in order (each direction the same as the index's, or
 * every one reversed; sort keys held equal by the filter may be skipped), then anything (ranges and
 * the remaining keys filter inside the index scan). The index must use at least its first key: a
 * query with a filter or a sort that the leading key does not serve scans the collection. `_id`
 * equality is always served (the `_id` index).
 */
import type { QueryShape } from '@ncs/service-kit';

export type IndexKeys = readonly (readonly [string, number])[];

export interface DeclaredIndex {
  readonly keys: IndexKeys;
  readonly unique: boolean;
}

const ID_INDEX: DeclaredIndex = { keys: [['_id', 1]], unique: true };

/** Whether `index` serves one branch of a filter with `sort`. */
export function serves(
  index: DeclaredIndex,
  branch: Readonly<Record<string, string>>,
  sort: QueryShape['sort'],
): boolean {
  const keys = index.keys;
  let position = 0;
  // Equality prefix (eq or $in).
  while (position < keys.length && ['eq', 'in'].includes(branch[keys[position]![0]] ?? '')) position += 1;
  const equalityPrefix = position;
  // The sort, after dropping the keys held equal (their order is fixed).
  const sortKeys = sort.filter(([key]) => branch[key] !== 'eq');
  if (sortKeys.length > 0) {
    // A sort on a key held by `$in` right after the keys held equal reads that key's bounds in
    // order (`{_id: {$in}}` sorted by `_id`); otherwise the sort follows the whole prefix (each
    // `$in` value's run merged in order).
    let strictEquality = 0;
    while (strictEquality < equalityPrefix && branch[keys[strictEquality]![0]] === 'eq') strictEquality += 1;
    if (keys[strictEquality]?.[0] === sortKeys[0]![0] && branch[sortKeys[0]![0]] === 'in')
      position = strictEquality;
    let direction = 0;
    for (const [key, dir] of sortKeys) {
      const indexKey = keys[position];
      if (indexKey === undefined || indexKey[0] !== key) return false;
      const relative = indexKey[1] === dir ? 1 : -1;
      if (direction !== 0 && relative !== direction) return false;
      direction = relative;
      position += 1;
    }
    return true;
  }
  if (equalityPrefix > 0) return true;
  // No equality on the leading key: a range on it still bounds the scan.
  const leading = keys[0];
  return leading !== undefined && branch[leading[0]] === 'range';
}

/** The index serving every branch of the query, or undefined when the store would scan. */
export function supportingIndex(
  shape: QueryShape,
  declared: readonly DeclaredIndex[],
): DeclaredIndex | undefined {
  const candidates = [ID_INDEX, ...declared];
  const chosen: DeclaredIndex[] = [];
  for (const branch of shape.branches) {
    const index = candidates.find((candidate) => serves(candidate, branch, shape.sort));
    if (!index) return undefined;
    chosen.push(index);
  }
  return chosen[0] ?? ID_INDEX;
}

export const indexName = (index: DeclaredIndex) => index.keys.map(([k, d]) => `${k}:${d}`).join(',');
