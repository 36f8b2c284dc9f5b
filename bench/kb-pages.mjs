// `npm run bench:kb`: the two hot reads of the knowledge base through the real platform (gateway →
// NATS → kb → store) at two collection sizes: "list 20 pages of a category" and "read one page",
// for a category of 100 pages and one of 10,000 pages in the same network. Prints p50/p99 per case.
// The pages are seeded straight into the kb database in batches (through HTTP would take minutes).
//
// Environment: BENCH_DURATION (s per case, default 10), BENCH_CONNECTIONS (default 10).
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { prepare, repoRoot } from '../scripts/prepare.mjs';
import { signInAsDemo } from '../scripts/demo-client.mjs';

const out = (line = '') => process.stdout.write(`${line}\n`);
const duration = Number(process.env.BENCH_DURATION ?? 10);
// One connection: the issue asks for the latency of each read, not throughput under saturation.
const connections = Number(process.env.BENCH_CONNECTIONS ?? 1);
const ACCEPT = 'application/vnd.ncs.api-v2026.1.13+json+hal';
const logDir = join(repoRoot, '.ncs', 'bench-kb', 'logs');

prepare({ log: out });
const { findFreePort, startInfra, startStack } = await import('../packages/local-infra/dist/index.js');
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
  const kb = `/networks/${networkEID}/knowledge-base`;

  db = await mongoose.createConnection(infra.mongoUrl, { dbName: 'ncs_kb' }).asPromise();
  const sizes = [100, 10_000];
  const cases = [];
  for (const size of sizes) {
    const category = await api(`${kb}/categories/`, {
      method: 'POST',
      body: JSON.stringify({ name: `Bench ${size}` }),
    });
    const started = Date.now();
    await seedPages(db, { networkEID, categoryEID: category.EID, authorEID: profileEID, count: size });
    out(`Seeded ${size} pages in ${Date.now() - started} ms`);
    const list = await api(`${kb}/categories/${category.EID}/pages/?limit=20`);
    if (list.total !== size || list._embedded.pages.length !== 20) {
      throw new Error(`list of ${size}: total ${list.total}, ${list._embedded.pages.length} items`);
    }
    // A page in the middle of the collection, not the newest.
    const [middle] = await db
      .collection('kb_pages')
      .find({ networkEID, categoryEID: category.EID })
      .skip(Math.floor(size / 2))
      .limit(1)
      .toArray();
    await api(`${kb}/pages/${middle._id}/`);
    cases.push(
      {
        name: `list 20 pages (${size} in category)`,
        url: `${stack.baseUrl}${kb}/categories/${category.EID}/pages/?limit=20`,
      },
      { name: `read one page (${size} in category)`, url: `${stack.baseUrl}${kb}/pages/${middle._id}/` },
    );
  }

  out(`\nMeasuring each case for ${duration} s with ${connections} connections (1 s warm-up)…`);
  const results = [];
  // Reads first: a list that times out at the gateway keeps the store busy for a while after.
  const ordered = [
    ...cases.filter((c) => c.name.startsWith('read')),
    ...cases.filter((c) => !c.name.startsWith('read')),
  ];
  for (const c of ordered) {
    await measure(c.url, headers, 1);
    results.push({ ...c, ...(await measure(c.url, headers, duration)) });
  }
  out('');
  out('| case | requests/s | p50 (ms) | p99 (ms) | non-2xx |');
  out('| --- | --- | --- | --- | --- |');
  for (const r of results) out(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.failed} |`);
  return results.some((r) => r.failed > 0) ? 1 : 0;
}

/** Inserts `count` published pages in batches, as the service's model would store them. */
async function seedPages(connection, { networkEID, categoryEID, authorEID, count }) {
  const pages = connection.collection('kb_pages');
  const base = Date.now() - count * 1000;
  const batchSize = 1000;
  for (let offset = 0; offset < count; offset += batchSize) {
    const docs = [];
    for (let i = offset; i < Math.min(count, offset + batchSize); i += 1) {
      const at = new Date(base + i * 1000);
      docs.push({
        networkEID,
        categoryEID,
        title: `Bench page ${i}`,
        body: `Body of bench page ${i}. `.repeat(20),
        status: 'published',
        coverImage: null,
        authorEID,
        publishedAt: at,
        deletedAt: null,
        created: at,
        lastModified: at,
        __v: 0,
      });
    }
    await pages.insertMany(docs, { ordered: false });
  }
}

async function measure(url, headers, seconds) {
  const latencies = [];
  const instance = autocannon({ url, connections, duration: seconds, headers });
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
    rps: result.requests.average,
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
