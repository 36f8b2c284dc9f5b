// `npm run bench:nats`: the CPU of one nats.js request/reply round trip, with nats.js's own request
// settling (a `NatsError` "cancelled" made for every answered request) and with service-kit's
// `settleRequestsWithoutCancellation` (bench/README.md). One process sends and answers (both
// sides' CPU), 10 requests in flight, a 300-byte payload, against a local nats-server; each variant
// runs in a child process of its own (the change is per process), alternating, BENCH_PAIRS times.
// Only NATS is started (local-infra's nats-server, as the platform's): no store idles beside it.
//
// Environment: BENCH_PAIRS (default 2), BENCH_REQUESTS (per round, default 20000), BENCH_ROUNDS
// (measured rounds per child after one not counted, default 5), NATS_URL (a server of yours; else
// one is started).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { prepare } from '../scripts/prepare.mjs';

const out = (line = '') => process.stdout.write(`${line}\n`);
const requests = Number(process.env.BENCH_REQUESTS ?? 20_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);

if (process.env.NATS_BENCH_CHILD) {
  const { connect } = await import('nats');
  const { settleRequestsWithoutCancellation } = await import('../packages/service-kit/dist/index.js');
  const servers = process.env.NATS_URL;
  const requester = await connect({ servers, noAsyncTraces: true });
  const responder = await connect({ servers });
  if (process.env.NATS_BENCH_CHILD === 'settled') settleRequestsWithoutCancellation();
  responder.subscribe('bench.nats.echo', { callback: (_error, msg) => msg.respond(msg.data) });
  await responder.flush();
  const payload = new TextEncoder().encode('x'.repeat(300));
  const round = async () => {
    const before = process.cpuUsage();
    for (let i = 0; i < requests; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, () => requester.request('bench.nats.echo', payload, { timeout: 5_000 })),
      );
    }
    const used = process.cpuUsage(before);
    return (used.user + used.system) / requests;
  };
  await round();
  const figures = [];
  for (let i = 0; i < rounds; i++) figures.push(await round());
  process.stdout.write(JSON.stringify(figures));
  await requester.close();
  await responder.close();
  process.exit(0);
}

prepare({ log: out });
const { startRestartableNats } = await import('../packages/local-infra/dist/index.js');
const nats = process.env.NATS_URL ? undefined : await startRestartableNats((m) => out(`[nats] ${m}`));
const natsUrl = process.env.NATS_URL ?? nats.url;

const runChild = (variant) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
      env: { ...process.env, NATS_BENCH_CHILD: variant, NATS_URL: natsUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(text)) : reject(new Error(`${variant} exited ${code}`)),
    );
  });

try {
  out(`CPU µs per request/reply (both sides), ${requests} requests per round, 10 in flight:`);
  // Each variant's child (NATS_BENCH_CHILD) with the name it is printed under, and its figures.
  const variants = [
    { variant: 'as-is', name: 'nats.js as is', figures: [] },
    { variant: 'settled', name: 'settled without the cancellation error', figures: [] },
  ];
  for (let pair = 0; pair < Number(process.env.BENCH_PAIRS ?? 2); pair++) {
    for (const v of variants) {
      const figures = await runChild(v.variant);
      v.figures.push(...figures);
      out(`  ${v.variant.padEnd(8)} ${figures.map((f) => f.toFixed(1)).join(' ')}`);
    }
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  out(`median: ${variants.map((v) => `${v.name} ${median(v.figures).toFixed(1)} µs`).join(', ')}`);
} finally {
  await nats?.stop();
}
