// `npm run bench:timeline`: the network timeline through the real platform (gateway → NATS →
// messaging → store) at two sizes: the demo network's timeline holding 1,000 and then 10,000
// messages, with as many messages of other networks beside them in the same collection. Per size it
// prints p50/p99 of reading the first page of 20, a page deep in the timeline (the middle), and
// posting a message. The messages are seeded straight into the messaging database through the
// service's own model (so defaults and indexes are the service's), in batches.
//
// Environment: BENCH_DURATION (s per case, default 10), BENCH_CONNECTIONS (default 1),
// MONGO_URL (measure against a real MongoDB instead of the local store).
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { prepare, repoRoot } from '../scripts/prepare.mjs';
import { signInAsDemo } from '../scripts/demo-client.mjs';

const out = (line = '') => process.stdout.write(`${line}\n`);
const duration = Number(process.env.BENCH_DURATION ?? 10);
// One connection: the issue asks for the latency of each operation, not throughput under saturation.
const connections = Number(process.env.BENCH_CONNECTIONS ?? 1);
const ACCEPT = 'application/vnd.ncs.api-v2026.1.13+json+hal';
const logDir = join(repoRoot, '.ncs', 'bench-timeline', 'logs');
const SIZES = [1_000, 10_000];

prepare({ log: out });
const { findFreePort, startInfra, startStack } = await import('../packages/local-infra/dist/index.js');
const { registerMessagingModels } = await import('../apps/messaging/dist/testing.js');
const { default: autocannon } = await import('autocannon');
const { default: mongoose } = await import('mongoose');

let infra;
let stack;
let db;

async function main() {
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });
  infra = await startInfra({ ephemeral: true, log: (m) => out(`[infra] ${m}`) });
  out('Starting the platform…');
  stack = await startStack({
    natsUrl: infra.natsUrl,
    mongoUrl: infra.mongoUrl,
    port: await findFreePort(),
    baseEnv: process.env,
    logDir,
    env: {
      '*': { LOG_LEVEL: 'warn' },
      // One token at hundreds of requests/s: the per-caller rate limit would measure itself.
      gateway: { RATE_LIMIT_MAX: '0' },
    },
  });
  const { token, networkEID, profileEID } = await signInAsDemo(stack.baseUrl);
  const headers = { authorization: `Bearer ${token}`, accept: ACCEPT };
  const api = async (path, init = {}) => {
    const response = await fetch(stack.baseUrl + path, {
      ...init,
      headers: { ...headers, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    });
    const body = await response.json().catch(() => undefined);
    if (!response.ok)
      throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };

  db = await mongoose.createConnection(infra.mongoUrl, { dbName: 'ncs_messaging' }).asPromise();
  const { Message } = registerMessagingModels(db);
  await Message.init();
  const timeline = `/networks/${networkEID}/timeline/`;
  const results = [];
  let seeded = 0;
  for (const size of SIZES) {
    const started = Date.now();
    // Ours up to `size`, and as many of other networks beside them.
    await seedMessages(Message, { networkEID, authorEID: profileEID, from: seeded, to: size });
    await seedMessages(Message, {
      networkEID: otherNetwork(size),
      authorEID: profileEID,
      from: seeded,
      to: size,
    });
    seeded = size;
    out(`Seeded ${size} timeline messages (+${size} of other networks) in ${Date.now() - started} ms`);
    const first = await api(`${timeline}?limit=20`);
    if (first._embedded.messages.length !== 20)
      throw new Error(`first page: ${first._embedded.messages.length}`);
    const deepOffset = Math.floor(size / 2);
    const deep = await api(`${timeline}?limit=20&offset=${deepOffset}`);
    if (deep._embedded.messages.length !== 20)
      throw new Error(`deep page: ${deep._embedded.messages.length}`);
    const cases = [
      { name: `first page of 20 (${size} on the timeline)`, url: `${stack.baseUrl}${timeline}?limit=20` },
      {
        name: `page at offset ${deepOffset} (${size} on the timeline)`,
        url: `${stack.baseUrl}${timeline}?limit=20&offset=${deepOffset}`,
      },
      {
        name: `post a message (${size} on the timeline)`,
        url: `${stack.baseUrl}/networks/${networkEID}/messages/`,
        method: 'POST',
        body: JSON.stringify({ type: 'update', htmlBody: '<p>Benchmark post</p>' }),
      },
    ];
    for (const c of cases) {
      await measure(c, headers, 1);
      results.push({ ...c, ...(await measure(c, headers, duration)) });
    }
  }
  out('');
  out(`Each case for ${duration} s with ${connections} connection(s), after 1 s of warm-up.`);
  out('| case | requests/s | answers | p50 (ms) | p99 (ms) | non-2xx |');
  out('| --- | --- | --- | --- | --- | --- |');
  for (const r of results)
    out(`| ${r.name} | ${r.rps.toFixed(1)} | ${r.samples} | ${r.p50} | ${r.p99} | ${r.failed} |`);
  return results.some((r) => r.failed > 0) ? 1 : 0;
}

/** A made-up network EID (24 hex digits), one per size, so other tenants' data grows too. */
const otherNetwork = (size) => size.toString(16).padStart(24, 'f');

/** Inserts messages `from`…`to`-1 on the network timeline, one second apart, in batches. */
async function seedMessages(Message, { networkEID, authorEID, from, to }) {
  const base = Date.now() - 100_000_000;
  const batchSize = 1000;
  for (let offset = from; offset < to; offset += batchSize) {
    const docs = [];
    for (let i = offset; i < Math.min(to, offset + batchSize); i += 1) {
      const at = new Date(base + i * 1000);
      docs.push({
        networkEID,
        type: 'update',
        authorEID,
        htmlBody: `<p>Bench message ${i}. ${'Some words of a message. '.repeat(10)}</p>`,
        timelineKey: 'network',
        timelineAt: at,
        created: at,
        lastModified: at,
      });
    }
    await Message.insertMany(docs, { ordered: false, lean: false });
  }
}

/**
 * Latencies of one case for `seconds`; when that gives fewer than 5 answers (the local store scans
 * whole collections, so a deep read can take seconds), 5 requests one after the other instead.
 */
async function measure(target, headers, seconds) {
  const timed = await run(target, headers, { duration: seconds });
  return timed.samples >= 5 ? timed : run(target, headers, { amount: 5, connections: 1 });
}

async function run({ url, method = 'GET', body }, headers, options) {
  const latencies = [];
  const instance = autocannon({
    url,
    method,
    body,
    connections,
    timeout: 60,
    headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
    ...options,
  });
  instance.on('response', (_client, statusCode, _bytes, ms) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const at = (p) =>
    latencies.length
      ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]
      : NaN;
  return {
    rps: latencies.length / Math.max(0.001, result.duration),
    samples: latencies.length,
    p50: at(50).toFixed(1),
    p99: at(99).toFixed(1),
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

let code = 1;
try {
  code = await main();
} catch (error) {
  process.stderr.write(`\n!!! ${error instanceof Error ? error.stack : String(error)}\n`);
} finally {
  await db?.close().catch(() => undefined);
  await stack?.stop().catch(() => undefined);
  await infra?.stop().catch(() => undefined);
}
process.exit(code);
