// `npm run bench`: an authenticated `GET /networks/{networkEID}/` measured in one run through the real
// platform (gateway → NATS → auth → store) and through a single-process Fastify + mongoose baseline
// (bench/baseline.mjs) against the same store; prints requests/s, latency percentiles, memory and
// CPU of every process involved, and the ratio gateway/baseline. See bench/README.md; the parts are in
// bench/gateway/ (main.mjs runs them in order).
//
// Environment: BENCH_DURATION (s, default 15), BENCH_WARMUP (s, default 15), BENCH_CONNECTIONS
// (default 20), BENCH_TOKEN_CACHE_TTL_MS (default: unset, i.e. the gateway's own default of 5000 ms,
// given to the baseline too; set it to compare other values, 0 disables both caches), BENCH_RATE
// (req/s of the open-loop run, default half of the baseline's closed-loop maximum), BENCH_OPEN_DURATION
// (s, default BENCH_DURATION), BENCH_IDLE (s the platform idles before its idle memory is read,
// default 60, also read at 20 s on the way; 0: not read), BENCH_OPEN_WARMUP (s at the open-loop rate
// before each open-loop run, not counted, default 5), BENCH_TIMELINE (set: the open loop's p50/p99
// of every second), BENCH_SLICES (the measured seconds of each target in that many slices, alternating
// between the targets, default 3), BENCH_SLICE_WARMUP (s of the same load before each slice, not
// counted: the target has idled during the other's slice; default 2, 0: none), BENCH_FLOOR (set: the
// open loop also measures the floor of the hop, bench/floor.mjs).
// First: re-runs this script on the supported Node.js when the one that started it is older.
import './toolchain.mjs';

// The parts are loaded only now, not imported above: an older Node evaluates every static import
// beside toolchain.mjs's re-run (sibling modules do not wait for its top-level await), and loading
// them builds the apps (bench/platform.mjs). The settings first: a wrong knob stops before the build.
await import('../bench/gateway/settings.mjs');
const lifecycle = await import('../bench/gateway/lifecycle.mjs');
const { main } = await import('../bench/gateway/main.mjs');

lifecycle.stopOnSignals();
try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof lifecycle.MissingPrerequisiteError) lifecycle.loud(`Cannot start: ${error.message}`);
  else if (!lifecycle.interrupted) {
    lifecycle.loud(error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
  process.exitCode = 1;
} finally {
  await lifecycle.stopAll();
}
