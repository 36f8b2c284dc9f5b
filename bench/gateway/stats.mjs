// The arithmetic of `npm run bench`'s figures, shared by its runs and its report.

/** The sum of `valueOf` over `items`. */
export const sumOf = (items, valueOf) => items.reduce((total, item) => total + valueOf(item), 0);

/** The percentiles the report prints, from every answer's own latency (ms). */
export function percentiles(values) {
  const sorted = Float64Array.from(values).sort();
  const at = (p) =>
    sorted.length === 0 ? NaN : sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
  return {
    p50: at(50),
    p90: at(90),
    p99: at(99),
    p999: at(99.9),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
  };
}

/** Requests per second of a closed-loop (autocannon) run. */
export function rpsOf(run) {
  return run.result.requests.total / run.result.duration;
}

/** Milliseconds with two decimals, `-` for none. */
export const msText = (value) => (Number.isNaN(value) ? '-' : value.toFixed(2));
