/** Pure rules of the live stream's reads; tested in rules.test.ts. */

/** An occurrence as the stream reads it: its id (the event id) and the alert it was merged into. */
export interface StreamOccurrence {
  readonly id: string;
  readonly alertId: string | null;
}

/**
 * The events of one page: occurrences in id order, up to the first one not merged yet (its notice
 * comes once it is, and the page after it must not skip it), at most `limit`. `more`: the page was
 * cut by the limit (`docs` holds one more than `limit` when more exist).
 */
export function eventPage(
  docs: readonly StreamOccurrence[],
  limit: number,
): { events: { id: string; alertId: string }[]; more: boolean } {
  const events: { id: string; alertId: string }[] = [];
  for (const doc of docs) {
    if (doc.alertId === null) return { events, more: false };
    if (events.length === limit) return { events, more: true };
    events.push({ id: doc.id, alertId: doc.alertId });
  }
  return { events, more: false };
}
