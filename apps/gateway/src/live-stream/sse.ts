/**
 * Server-Sent Events as the live stream writes them (WHATWG HTML §9.2): pure functions,
 * tested in sse.test.ts.
 */

const EVENT_ID = /^[0-9a-f]{24}$/;

/** One event: `id` (optional), `event`, and the JSON `data` on one line (JSON has no raw newline). */
export function sseEvent(event: string, data: unknown, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: a heartbeat that keeps proxies from closing an idle stream. */
export function sseComment(text: string): string {
  return `: ${text.replace(/[\r\n]/g, ' ')}\n\n`;
}

/**
 * Where a stream resumes: the `Last-Event-ID` header, else the `lastEventId` query parameter (for
 * clients that cannot set headers), when it is an event id; anything else is no resume point.
 */
export function resumePointOf(header: string | string[] | undefined, query: unknown): string | null {
  const fromHeader = typeof header === 'string' ? header.trim().toLowerCase() : undefined;
  if (fromHeader !== undefined && fromHeader !== '') return EVENT_ID.test(fromHeader) ? fromHeader : null;
  return typeof query === 'string' && EVENT_ID.test(query) ? query : null;
}

/** Whether event id `a` comes after `b` (ids are ObjectId hex: ordered as text of one length). */
export function isAfter(a: string, b: string | null): boolean {
  return b === null || a > b;
}
