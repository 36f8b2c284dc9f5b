/**
 * Server-Sent Events as the live stream writes them (WHATWG HTML §9.2): pure functions,
 * tested in sse.test.ts.
 */

/** An event id of the log: its stream sequence, in decimal. */
const LOG_ID = /^[0-9]{1,16}$/;

/** One event: `id` (optional), `event`, and the JSON `data` on one line (JSON has no raw newline). */
export function sseEvent(event: string, data: unknown, id?: string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** One event without an id whose data is JSON already (serialised once for many streams). */
export function sseEventJson(event: string, json: string): string {
  return `event: ${event}\ndata: ${json}\n\n`;
}

/** A comment line: a heartbeat that keeps proxies from closing an idle stream. */
export function sseComment(text: string): string {
  return `: ${text.replace(/[\r\n]/g, ' ')}\n\n`;
}

/** Where a client resumes: after a place in the log, or from an id the log cannot place. */
export type ResumePoint = { readonly kind: 'seq'; readonly seq: number } | { readonly kind: 'unknown' };

/**
 * Where a stream resumes: the `Last-Event-ID` header, else the `lastEventId` query parameter (for
 * clients that cannot set headers). A log id resumes after it; any other id (one the stream gave
 * before it read the log, an alert occurrence's ObjectId) is a resume point the log cannot place:
 * the client is told to refetch. None: null.
 */
export function resumePointOf(header: string | string[] | undefined, query: unknown): ResumePoint | null {
  const fromHeader = typeof header === 'string' ? header.trim() : undefined;
  const given = fromHeader !== undefined && fromHeader !== '' ? fromHeader : query;
  if (typeof given !== 'string' || given === '') return null;
  return LOG_ID.test(given) ? { kind: 'seq', seq: Number(given) } : { kind: 'unknown' };
}
