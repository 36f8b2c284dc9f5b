/** Finding the timestamps of an answer, for the tests that hold every one to the spec's form. */

/** What parses as an ISO 8601 date-time, in either form (so a `Z` one is found, not skipped). */
export const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})$/;
/** The spec's form: a numeric offset with a colon. */
export const SPEC_FORM = /[+-]\d{2}:\d{2}$/;

/** Every date-time string in `value`, with its JSON pointer. */
export function timestampsIn(value: unknown, at = ''): [string, string][] {
  if (typeof value === 'string') return DATE_TIME.test(value) ? [[at, value]] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => timestampsIn(item, `${at}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => timestampsIn(item, `${at}/${key}`));
}
