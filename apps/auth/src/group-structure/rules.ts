/**
 * Pure rules of a group's structure: the order of a users add/merge reply and
 * the spotlight's items without repeats. Unit-tested in rules.test.ts.
 */
export type Ref = { type: 'user'; EID: string };

/** What `users/add` or `users/merge` did, person by person. */
export interface Outcome {
  added: Ref[];
  alreadyMembers: Ref[];
  removed: Ref[];
  kept: { user: Ref; reason: 'admin' | 'locked' }[];
  refused: { user: Ref; reason: 'not_in_network' | 'invited' }[];
}

/** The outcome's lists in the order of `listed` (batches finish in any order); others by EID, last. */
export function inRequestOrder(outcome: Outcome, listed: readonly string[]): Outcome {
  const rank = new Map<string, number>();
  listed.forEach((eid, i) => rank.has(eid) || rank.set(eid, i));
  const byRank = (a: Ref, b: Ref) =>
    (rank.get(a.EID) ?? Number.MAX_SAFE_INTEGER) - (rank.get(b.EID) ?? Number.MAX_SAFE_INTEGER) ||
    a.EID.localeCompare(b.EID);
  return {
    added: [...outcome.added].sort(byRank),
    alreadyMembers: [...outcome.alreadyMembers].sort(byRank),
    removed: [...outcome.removed].sort(byRank),
    kept: [...outcome.kept].sort((a, b) => byRank(a.user, b.user)),
    refused: [...outcome.refused].sort((a, b) => byRank(a.user, b.user)),
  };
}

/** The items in their order, each `{type, EID}` once (the first time it comes). */
export function uniqueItems<T extends { type: string; EID: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${item.type}:${item.EID}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
