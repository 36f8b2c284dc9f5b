// `npm run bench:stream`: the live stream (`GET /networks/{networkEID}/stream`) through the real
// platform, with 1,000 people of one network each holding a stream open on the gateway. It measures
// the delivery latency from a write's 2xx (the moment the POST's answer reaches this process) to the
// event's arrival on each recipient's stream, for (a) a post on the network timeline (every stream),
// (b) a group post to a 50-member and a 200-member group (their members' streams), (c) a chat message
// (the partner's stream); the gateway's memory per open stream and CPU per delivered event; how case
// (a) grows with the streams open (250 / 500 / 1,000); and a gateway instance killed (SIGKILL) under
// ~200 of the streams in the middle of a series of posts, its clients resuming on the first gateway
// with `Last-Event-ID`: events lost and duplicated per client. Prints a table and a verdict per
// target. Not part of `npm test`: a measurement, nothing asserts on time.
//
// Everything runs on this machine: infrastructure, the five apps, a second gateway and this one
// load-generating process (its readers share the cores with what they measure). Latency is taken
// with `performance.now()` in this process only: the POST's answer (its status line) and each
// stream's arrival of the event (the chunk that carried it), so no clock is compared across
// processes. An event can beat the POST's own answer to the load generator: such latencies are
// negative and counted as they are (printed apart), not clamped.
//
// People and their access tokens are written straight into auth's store through its own models
// (bench/people.mjs says how and why, and holds the stream reader and HTTP call shared with
// bench/capacity.mjs). Groups and conversations are made over HTTP (their memberships and events are
// the API's own).
//
// Environment:
//   BENCH_STREAMS        streams (people) open, default 1000
//   BENCH_POSTS          network posts measured at the full count, default 50 (x streams samples)
//   BENCH_SCALE_POSTS    network posts measured at each smaller count (250, 500), default 20; 0: none
//   BENCH_GROUP50_POSTS  posts to the 50-member group, default 200 (x 50 samples)
//   BENCH_GROUP200_POSTS posts to the 200-member group, default 50 (x 200 samples)
//   BENCH_CHATS          chat messages (one sample each, to the partner), default 1000
//   BENCH_KILL_STREAMS   streams moved to the second gateway, killed mid-series, default 200 (0: skip)
//   BENCH_KILL_POSTS     network posts of that series, default 60, one every BENCH_KILL_INTERVAL_MS
//                        (default 100); the kill after half of them
//   BENCH_OPEN_CONCURRENCY streams opening at once, default 50
//   BENCH_DELIVERY_TIMEOUT_MS how long one write's recipients are waited for, default 15000
//   MONGO_URL / NATS_URL as for every benchmark (use yours instead of throw-away ones)
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { out, runBench, startPlatform } from './platform.mjs';
import { cpuSeconds } from './cpu.mjs';
import { caller, eidIn, fmt, pct, rssKiB, seedPeople, sleep, StreamClient } from './people.mjs';

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const STREAMS = env('BENCH_STREAMS', 1000);
const POSTS = env('BENCH_POSTS', 50);
const SCALE_POSTS = env('BENCH_SCALE_POSTS', 20);
const GROUP50_POSTS = env('BENCH_GROUP50_POSTS', 200);
const GROUP200_POSTS = env('BENCH_GROUP200_POSTS', 50);
const CHATS = env('BENCH_CHATS', 1000);
const KILL_STREAMS = Math.min(env('BENCH_KILL_STREAMS', 200), STREAMS);
const KILL_POSTS = env('BENCH_KILL_POSTS', 60);
const KILL_INTERVAL_MS = env('BENCH_KILL_INTERVAL_MS', 100);
const OPEN_CONCURRENCY = env('BENCH_OPEN_CONCURRENCY', 50);
const DELIVERY_TIMEOUT_MS = env('BENCH_DELIVERY_TIMEOUT_MS', 15_000);
/** A write slower than this (its POST or a recipient, from send) is named in the output. */
const SLOW_MS = 500;
/** Targets: p99 per case; memory per open stream. */
const TARGET_P99_MS = { chat: 250, group: 250, network: 1000 };
const TARGET_KB_PER_STREAM = 20;

const CREATED = 'messaging.message.created';
const CHAT_SENT = 'messaging.chat_message.sent';

const { findFreePort } = await import('../packages/local-infra/dist/index.js');

let db;
const clients = [];
const failures = [];
/** Loud: printed at once and again at the end, and the exit code becomes 1. */
const fail = (text) => {
  failures.push(text);
  out(`!!! ${text}`);
};

// ---------------------------------------------------------------------------------------------
// Arrivals: every content event any stream receives, by the EID it is about. Kept for all events
// (not only those awaited): an event may arrive before the POST that caused it has answered.

/** EID → [[client index, arrival ms, log id], …] */
const arrivals = new Map();
/** EID → { expected, resolve }: a write whose recipients are awaited. */
const awaited = new Map();
const eventCounts = new Map();

function record(client, event, id, eid, at) {
  let list = arrivals.get(eid);
  if (list === undefined) arrivals.set(eid, (list = []));
  list.push([client.index, at, id]);
  const waiter = awaited.get(eid);
  if (waiter && list.length >= waiter.expected) {
    awaited.delete(eid);
    waiter.resolve(true);
  }
}

/** Resolves true once `expected` arrivals of `eid` are in, false after the timeout. */
function arrivalsOf(eid, expected, timeoutMs = DELIVERY_TIMEOUT_MS) {
  if ((arrivals.get(eid)?.length ?? 0) >= expected) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      awaited.delete(eid);
      resolve(false);
    }, timeoutMs);
    awaited.set(eid, {
      expected,
      resolve: (v) => {
        clearTimeout(timer);
        resolve(v);
      },
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Stream events (bench/people.mjs reads the streams): for the two content events measured, the EID
// is taken out of the data line by string search (no JSON parse per event). The payload is
// `{"type":…,"occurredAt":…,"actor":…,"data":{"message":{"type":"update","EID":"…"` (a chat message:
// `"data":{"conversation":{…},"chatMessage":{"type":…,"EID":"…"`): the first `"EID":"` after the key
// is the object's own.

const EID_KEY = { [CREATED]: '"message":{', [CHAT_SENT]: '"chatMessage":{' };

/** Every block of every stream: counted by type; a measured content event recorded by its EID. */
function onStreamEvent(client, event, id, data, at) {
  eventCounts.set(event, (eventCounts.get(event) ?? 0) + 1);
  const key = EID_KEY[event];
  if (key !== undefined && data !== undefined) {
    const eid = eidIn(data, key);
    if (eid !== undefined) record(client, event, id, eid, at);
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP calls of the load generator: one keep-alive agent.

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const call = caller(agent);

// ---------------------------------------------------------------------------------------------
// /proc readings of a process.

/** The lowest of `samples` RSS readings a second apart: the settled figure, not a GC's peak. */
async function settledRss(pid, samples = 5) {
  let low = Infinity;
  for (let i = 0; i < samples; i += 1) {
    if (i > 0) await sleep(1000);
    low = Math.min(low, rssKiB(pid));
  }
  return low;
}

// ---------------------------------------------------------------------------------------------
// Statistics.

function summarize(name, latencies, extra = {}) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    name,
    samples: sorted.length,
    p50: pct(sorted, 50),
    p99: pct(sorted, 99),
    p999: pct(sorted, 99.9),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    negative: latencies.filter((l) => l < 0).length,
    ...extra,
  };
}

// ---------------------------------------------------------------------------------------------
// One measured write: POST, then wait for its `expected` arrivals; the latencies of the recipients
// asked for (`sample`: client indexes; undefined: every arrival). `audience` (client indexes): who
// may receive it; an arrival elsewhere is counted as an outsider (a group post on a non-member's
// stream would be a leak).

async function measuredWrite(baseUrl, path, token, body, expected, { sample, audience } = {}) {
  const answer = await call(baseUrl, 'POST', path, token, body);
  const eid = answer.body?.EID;
  if (typeof eid !== 'string')
    throw new Error(`POST ${path}: no EID in ${JSON.stringify(answer.body).slice(0, 200)}`);
  const complete = await arrivalsOf(eid, expected);
  const list = arrivals.get(eid) ?? [];
  const seen = new Set();
  const latencies = [];
  const fromSend = [];
  let duplicates = 0;
  let outsiders = 0;
  for (const [index, at] of list) {
    if (seen.has(index)) {
      duplicates += 1;
      continue;
    }
    seen.add(index);
    if (audience !== undefined && !audience.has(index)) outsiders += 1;
    else if (sample === undefined || sample.has(index)) {
      latencies.push(at - answer.at);
      fromSend.push(at - answer.sent);
    }
  }
  return {
    eid,
    complete,
    received: seen.size - outsiders,
    outsiders,
    duplicates,
    latencies,
    fromSend,
    roundTrip: answer.at - answer.sent,
  };
}

/** `count` writes one after the other (each after the previous one's recipients all had it). */
async function series(name, count, write) {
  const latencies = [];
  const fromSend = [];
  const roundTrips = [];
  const lastOfEach = [];
  let missing = 0;
  let duplicates = 0;
  let outsiders = 0;
  let incomplete = 0;
  // This process's own event-loop delay over the case: its readers must not be what is measured.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const slow = [];
  for (let i = 0; i < count; i += 1) {
    const r = await write(i);
    latencies.push(...r.latencies);
    fromSend.push(...r.fromSend);
    roundTrips.push(r.roundTrip);
    if (r.latencies.length) lastOfEach.push(Math.max(...r.latencies));
    // A slow write named with its time, to be matched with the apps' logs.
    if (Math.max(r.roundTrip, ...r.fromSend) > SLOW_MS)
      slow.push(
        `#${i} at ${new Date().toISOString()}: POST ${r.roundTrip.toFixed(0)} ms, slowest recipient ${Math.max(...r.fromSend).toFixed(0)} ms from send`,
      );
    duplicates += r.duplicates;
    outsiders += r.outsiders;
    if (!r.complete) {
      incomplete += 1;
      missing += r.expected - r.received;
    }
  }
  lag.disable();
  if (slow.length)
    out(
      `${name}: ${slow.length} of ${count} writes slower than ${SLOW_MS} ms: ${slow.slice(0, 5).join('; ')}`,
    );
  if (incomplete > 0)
    fail(
      `${name}: ${incomplete} of ${count} writes did not reach all their recipients within ${DELIVERY_TIMEOUT_MS} ms (${missing} deliveries missing)`,
    );
  if (duplicates > 0) fail(`${name}: ${duplicates} duplicate deliveries`);
  if (outsiders > 0) fail(`${name}: ${outsiders} deliveries to streams outside the audience`);
  const all = Float64Array.from(lastOfEach).sort();
  const sends = Float64Array.from(fromSend).sort();
  const trips = Float64Array.from(roundTrips).sort();
  return summarize(name, latencies, {
    lagP99: lag.percentile(99) / 1e6,
    lagMax: lag.max / 1e6,
    sendP50: pct(sends, 50),
    sendP99: pct(sends, 99),
    tripP50: pct(trips, 50),
    tripP99: pct(trips, 99),
    writes: count,
    missing,
    duplicates,
    allReachedP50: pct(all, 50),
    allReachedMax: all.length ? all[all.length - 1] : NaN,
  });
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const { infra, stack } = await startPlatform('bench-stream');
  const gateway1 = stack.apps.find((a) => a.app === 'gateway');
  const gatewayPid = gateway1.child.pid;
  const baseUrl = stack.baseUrl;

  // 1. One network and its people, with their tokens, through auth's models.
  let t0 = performance.now();
  const seeded = await seedPeople({
    mongoUrl: infra.mongoUrl,
    count: STREAMS,
    label: 'bench-stream',
    networkName: 'Live stream benchmark',
  });
  db = seeded.db;
  const { networkEID, people } = seeded;
  const seedMs = performance.now() - t0;
  out(`Seeded ${STREAMS} people with access tokens in ${seedMs.toFixed(0)} ms (auth's models, insertMany)`);
  const admin = people[0];
  // Every token answers through the gateway (a seeded token the gateway refused would fail here).
  await call(baseUrl, 'GET', `/networks/${networkEID}/`, admin.token);
  await call(baseUrl, 'GET', `/networks/${networkEID}/`, people[STREAMS - 1].token);

  // Groups of 50 and 200 members (the admin creates each and is its first member), over HTTP.
  t0 = performance.now();
  const makeGroup = async (size, from) => {
    const group = (
      await call(baseUrl, 'POST', `/networks/${networkEID}/groups/`, admin.token, { name: `Bench ${size}` })
    ).body;
    const have = group.numMembers ?? 1;
    const members = people.slice(from, from + size - have);
    for (let i = 0; i < members.length; i += 20)
      await Promise.all(
        members.slice(i, i + 20).map((p) =>
          call(baseUrl, 'POST', `/networks/${networkEID}/groups/${group.EID}/members/`, admin.token, {
            profileEID: p.profileEID,
          }),
        ),
      );
    const read = (await call(baseUrl, 'GET', `/networks/${networkEID}/groups/${group.EID}`, admin.token))
      .body;
    if (read.numMembers !== size) fail(`group of ${size}: numMembers ${read.numMembers}`);
    const memberIndexes = new Set([0, ...members.map((p) => p.index)]);
    return { EID: group.EID, size, memberIndexes };
  };
  const group50 = await makeGroup(50, 1);
  const group200 = await makeGroup(200, 51);
  out(`Groups of 50 and 200 members in ${(performance.now() - t0).toFixed(0)} ms (over HTTP)`);

  // Chat: 20 pairs (person 2k+1 writes to 2k+2, the partner), their conversations made now.
  const pairs = [];
  for (let k = 0; k < Math.min(20, Math.floor((STREAMS - 1) / 2)); k += 1) {
    const [from, to] = [people[2 * k + 1], people[2 * k + 2]];
    const conversation = (
      await call(baseUrl, 'POST', `/networks/${networkEID}/conversations/`, from.token, {
        participants: [{ type: 'user', EID: to.profileEID }],
      })
    ).body;
    pairs.push({ from, to, conversationEID: conversation.EID });
  }

  // The second gateway (for the kill), started now so its start is not in any measurement.
  let gateway2;
  if (KILL_STREAMS > 0) {
    const port = await findFreePort();
    gateway2 = {
      app: stack.spawnApp('gateway', { PORT: String(port), HOST: '127.0.0.1' }),
      url: `http://127.0.0.1:${port}`,
    };
    const deadline = Date.now() + 30_000;
    while (!(await fetch(`${gateway2.url}/health`).catch(() => null))?.ok) {
      if (Date.now() > deadline || gateway2.app.child.exitCode !== null)
        throw new Error(`the second gateway did not start (log: ${gateway2.app.logFile})`);
      await sleep(100);
    }
  }

  // Warm the write path (posting, the log's tail) with no stream open, then the memory before.
  const postPath = `/networks/${networkEID}/messages/`;
  for (let i = 0; i < 10; i += 1)
    await call(baseUrl, 'POST', postPath, admin.token, { type: 'update', htmlBody: `<p>Warm-up ${i}</p>` });
  await sleep(5_000);
  const rssBefore = await settledRss(gatewayPid);

  // 2. Open the streams, one per person, OPEN_CONCURRENCY at a time; each live at its first `counters`.
  for (const person of people) clients.push(new StreamClient(person.index, person, onStreamEvent));
  t0 = performance.now();
  const openRange = async (list, url) => {
    let next = 0;
    const opens = [];
    await Promise.all(
      Array.from({ length: Math.min(OPEN_CONCURRENCY, list.length) }, async () => {
        while (next < list.length) {
          const client = list[next++];
          const started = performance.now();
          await client.open(url);
          opens.push(performance.now() - started);
        }
      }),
    );
    return opens;
  };
  const openTimes = await openRange(clients, baseUrl);
  const openMs = performance.now() - t0;
  const opens = summarize('open', openTimes);
  out(
    `Opened ${STREAMS} streams in ${(openMs / 1000).toFixed(1)} s (open to first counters: p50 ${fmt(opens.p50)}, p99 ${fmt(opens.p99)} ms)`,
  );
  const unexpectedClose = (client, error) =>
    fail(`stream of person ${client.index} closed by the server (${error?.message ?? 'end'})`);
  for (const client of clients) client.onClose = unexpectedClose;
  await sleep(10_000);
  const rssAfter = await settledRss(gatewayPid);
  const kbPerStream = (rssAfter - rssBefore) / STREAMS;
  out(
    `Gateway RSS ${(rssBefore / 1024).toFixed(1)} → ${(rssAfter / 1024).toFixed(1)} MiB: ${kbPerStream.toFixed(1)} KiB per stream`,
  );

  // 3. Cases. A few network posts first, not counted (the delivery path's first runs).
  const everyone = () => clients.filter((c) => !c.closed).length;
  const networkPost = (label) => (i) =>
    measuredWrite(
      baseUrl,
      postPath,
      admin.token,
      { type: 'update', htmlBody: `<p>${label} ${i}</p>` },
      everyone(),
    ).then((r) => ({ ...r, expected: everyone() }));
  await series('warm-up', 5, networkPost('Warm-up network'));
  const results = [];
  const cpu0 = cpuSeconds(gatewayPid);
  const delivered0 = arrivalsTotal();
  const caseA = await series(`(a) network post → ${STREAMS} streams`, POSTS, networkPost('Network post'));
  const cpuMs = (cpuSeconds(gatewayPid) - cpu0) * 1000;
  const deliveredA = arrivalsTotal() - delivered0;
  caseA.cpuPerEventUs = (cpuMs * 1000) / deliveredA;
  results.push({ ...caseA, target: TARGET_P99_MS.network });
  out(
    `(a) ${caseA.samples} deliveries, p99 ${fmt(caseA.p99)} ms; gateway CPU ${cpuMs.toFixed(0)} ms for ${deliveredA} events`,
  );

  const groupPost = (group) => (i) =>
    measuredWrite(
      baseUrl,
      postPath,
      admin.token,
      { type: 'update', htmlBody: `<p>Group post ${i}</p>`, group: { type: 'group', EID: group.EID } },
      group.size,
      { audience: group.memberIndexes },
    ).then((r) => ({ ...r, expected: group.size }));
  results.push({
    ...(await series('(b) group post → 50 members', GROUP50_POSTS, groupPost(group50))),
    target: TARGET_P99_MS.group,
  });
  out(`(b) 50: p99 ${fmt(results.at(-1).p99)} ms`);
  results.push({
    ...(await series('(b) group post → 200 members', GROUP200_POSTS, groupPost(group200))),
    target: TARGET_P99_MS.group,
  });
  out(`(b) 200: p99 ${fmt(results.at(-1).p99)} ms`);

  const chat = (i) => {
    const pair = pairs[i % pairs.length];
    // Both participants' streams get it (the sender's other devices); the partner's is the sample.
    return measuredWrite(
      baseUrl,
      `/networks/${networkEID}/conversations/${pair.conversationEID}/messages/`,
      pair.from.token,
      { htmlBody: `<p>Chat ${i}</p>` },
      2,
      { sample: new Set([pair.to.index]), audience: new Set([pair.from.index, pair.to.index]) },
    ).then((r) => ({ ...r, expected: 2 }));
  };
  results.push({ ...(await series('(c) chat message → partner', CHATS, chat)), target: TARGET_P99_MS.chat });
  out(`(c) chat: p99 ${fmt(results.at(-1).p99)} ms`);

  // 5. A gateway killed under KILL_STREAMS of the streams.
  let kill;
  if (gateway2) kill = await killRun({ baseUrl, gateway2, postPath, admin });

  // 4 (cont.). Case (a) with fewer streams open: close the last ones down to 500, then 250.
  const scale = [
    {
      streams: STREAMS,
      p50: caseA.p50,
      p99: caseA.p99,
      p999: caseA.p999,
      allMax: caseA.allReachedMax,
      cpuUs: caseA.cpuPerEventUs,
      samples: caseA.samples,
      sendP99: caseA.sendP99,
    },
  ];
  if (SCALE_POSTS > 0) {
    for (const count of [500, 250].filter((n) => n < STREAMS)) {
      await Promise.all(clients.slice(count).map((c) => c.close()));
      await sleep(2_000);
      const c0 = cpuSeconds(gatewayPid);
      const d0 = arrivalsTotal();
      const r = await series(
        `(a) network post → ${count} streams`,
        SCALE_POSTS,
        networkPost(`Scale ${count}`),
      );
      const cpuUs = ((cpuSeconds(gatewayPid) - c0) * 1e6) / (arrivalsTotal() - d0);
      scale.push({
        streams: count,
        p50: r.p50,
        p99: r.p99,
        p999: r.p999,
        allMax: r.allReachedMax,
        cpuUs,
        samples: r.samples,
        sendP99: r.sendP99,
      });
    }
  }

  // 6. The report.
  out('');
  out(`## Live stream: ${STREAMS} people, one stream each (measured ${new Date().toISOString()})`);
  out('');
  out(
    `Seeding ${STREAMS} people + tokens: ${seedMs.toFixed(0)} ms; opening ${STREAMS} streams: ${(openMs / 1000).toFixed(1)} s, ${OPEN_CONCURRENCY} at a time (open → first counters p50 ${fmt(opens.p50)}, p99 ${fmt(opens.p99)} ms)`,
  );
  out('Latency: the POST answer at the load generator → the event on each recipient stream (ms).');
  out('');
  out(
    '| case | writes | samples | p50 | p99 | p99.9 | max | last recipient p50 / max | < 0 | from send p50 / p99 | POST p50 / p99 | generator lag p99 / max | target p99 | verdict |',
  );
  out('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results)
    out(
      `| ${r.name} | ${r.writes} | ${r.samples} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.p999)} | ${fmt(r.max)} | ${fmt(r.allReachedP50)} / ${fmt(r.allReachedMax)} | ${r.negative} | ${fmt(r.sendP50)} / ${fmt(r.sendP99)} | ${fmt(r.tripP50)} / ${fmt(r.tripP99)} | ${fmt(r.lagP99)} / ${fmt(r.lagMax)} | ≤ ${r.target} | ${r.p99 <= r.target && r.missing === 0 ? 'met' : 'NOT MET'} |`,
    );
  out('');
  out(
    '"< 0": deliveries that arrived before the POST\'s own answer. "from send": the same arrivals counted from when the POST was sent (the write\'s own time included); "POST": its round trip. "last recipient": per write, its slowest recipient. "generator lag": this process\'s event-loop delay (ms) during the case.',
  );
  out('');
  out('Case (a) by the number of streams open:');
  out('');
  out(
    '| streams | samples | p50 | p99 | p99.9 | last recipient, max | p99 from send | gateway CPU µs per event |',
  );
  out('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const s of scale.sort((a, b) => a.streams - b.streams))
    out(
      `| ${s.streams} | ${s.samples} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${fmt(s.p999)} | ${fmt(s.allMax)} | ${fmt(s.sendP99)} | ${s.cpuUs.toFixed(1)} |`,
    );
  out('');
  out(
    `Gateway RSS: ${(rssBefore / 1024).toFixed(1)} MiB before, ${(rssAfter / 1024).toFixed(1)} MiB with ${STREAMS} streams open (lowest of 5 readings a second apart each) → ${kbPerStream.toFixed(1)} KiB per stream`,
  );
  out(
    `Gateway CPU per delivered event, case (a) at ${STREAMS}: ${caseA.cpuPerEventUs.toFixed(1)} µs (the posts' own requests included)`,
  );
  if (kill) {
    out('');
    out(
      `Kill: ${kill.moved} streams on a second gateway, SIGKILL after ${kill.killedAfter} of ${KILL_POSTS} network posts (one every ${KILL_INTERVAL_MS} ms); its clients resumed on the first gateway with Last-Event-ID after the server's retry (2 s)`,
    );
    out('');
    out('| clients | expected | received | unique | lost | duplicated | resets | resumed without an id |');
    out('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const row of kill.rows)
      out(
        `| ${row.name} | ${row.expected} | ${row.received} | ${row.unique} | ${row.lost} | ${row.duplicated} | ${row.resets} | ${row.noId} |`,
      );
    out(
      `Reconnect (close seen → resumed stream live, retry wait included): p50 ${fmt(kill.reconnect.p50)}, max ${fmt(kill.reconnect.max)} ms`,
    );
  }
  out('');
  out(`Events received by type: ${[...eventCounts].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  out('');
  out('Verdicts:');
  for (const r of results)
    out(
      `- ${r.name}: p99 ${fmt(r.p99)} ms vs ≤ ${r.target} ms: ${r.p99 <= r.target ? 'met' : 'NOT MET'}${r.missing ? ` (${r.missing} deliveries missing)` : ''}`,
    );
  out(
    `- memory per open stream: ${kbPerStream.toFixed(1)} KiB vs ≤ ${TARGET_KB_PER_STREAM} KB: ${kbPerStream * 1.024 <= TARGET_KB_PER_STREAM ? 'met' : 'NOT MET'}`,
  );
  if (kill) {
    const total = kill.rows.at(-1);
    out(
      `- gateway killed: ${total.lost} lost, ${total.duplicated} duplicated (before de-duplication by id) vs 0 lost: ${total.lost === 0 ? 'met' : 'NOT MET'}; 0 duplicated after de-duplication by id: met by construction (${total.duplicated} removed)`,
    );
    if (total.lost > 0) fail(`gateway killed: ${total.lost} events lost`);
  }
  if (failures.length) {
    out('');
    out(`!!! ${failures.length} failure(s):`);
    for (const f of failures) out(`!!!   ${f}`);
  }
  return failures.length ? 1 : 0;
}

function arrivalsTotal() {
  let n = 0;
  for (const list of arrivals.values()) n += list.length;
  return n;
}

/**
 * Moves the last KILL_STREAMS clients to the second gateway, posts KILL_POSTS network posts one
 * every KILL_INTERVAL_MS (not waiting for deliveries), SIGKILLs the second gateway after half of
 * them have answered; each of its clients reconnects to the first gateway after the 2 s retry the
 * server announced, with the last id it received. Then counts, per client, the series' events.
 */
async function killRun({ baseUrl, gateway2, postPath, admin }) {
  const moved = clients.slice(clients.length - KILL_STREAMS);
  await Promise.all(moved.map((c) => c.close()));
  let next = 0;
  await Promise.all(
    Array.from({ length: OPEN_CONCURRENCY }, async () => {
      while (next < moved.length) await moved[next++].open(gateway2.url);
    }),
  );
  out(`Kill: ${moved.length} streams open on the second gateway`);
  const reconnectTimes = [];
  const resumes = [];
  let noId = 0;
  let killed = false;
  for (const client of moved)
    client.onClose = (c) => {
      if (!killed) return fail(`stream of person ${c.index} on the second gateway closed before the kill`);
      const seen = performance.now();
      const lastEventId = c.lastId;
      if (lastEventId === undefined) noId += 1;
      resumes.push(
        sleep(2_000)
          .then(() => c.open(baseUrl, { lastEventId }))
          .then(
            () => reconnectTimes.push(performance.now() - seen),
            (error) => fail(`person ${c.index} could not resume: ${error.message}`),
          ),
      );
    };
  const resetsBefore = new Map(clients.map((c) => [c.index, c.resets]));
  const eids = [];
  const start = performance.now();
  let killedAfter = 0;
  for (let i = 0; i < KILL_POSTS; i += 1) {
    const wait = start + i * KILL_INTERVAL_MS - performance.now();
    if (wait > 0) await sleep(wait);
    const answer = await call(baseUrl, 'POST', postPath, admin.token, {
      type: 'update',
      htmlBody: `<p>Series ${i}</p>`,
    });
    eids.push(answer.body.EID);
    if (i + 1 === Math.floor(KILL_POSTS / 2)) {
      killed = true;
      killedAfter = i + 1;
      gateway2.app.child.kill('SIGKILL');
      out(`Kill: SIGKILL to the second gateway (pid ${gateway2.app.child.pid}) after post ${i + 1}`);
    }
  }
  // Every client should end with every post: wait for them (resumes included).
  const deadline = performance.now() + 30_000;
  const live = clients.filter((c) => !c.closed || moved.includes(c));
  for (;;) {
    await Promise.all(resumes);
    const done = eids.every((eid) => new Set((arrivals.get(eid) ?? []).map(([i]) => i)).size >= live.length);
    if (done || performance.now() > deadline) break;
    await sleep(250);
  }
  // Per client: received (by EID, every copy), unique by log id.
  const movedSet = new Set(moved.map((c) => c.index));
  const per = new Map(live.map((c) => [c.index, { received: 0, ids: new Set(), eids: new Set() }]));
  for (const eid of eids)
    for (const [index, , id] of arrivals.get(eid) ?? []) {
      const row = per.get(index);
      if (!row) continue;
      row.received += 1;
      row.ids.add(id);
      row.eids.add(eid);
    }
  const tally = (name, filter) => {
    const chosen = live.filter(filter);
    const row = {
      name: `${name} (${chosen.length})`,
      expected: 0,
      received: 0,
      unique: 0,
      lost: 0,
      duplicated: 0,
      resets: 0,
      noId: 0,
    };
    for (const c of chosen) {
      const r = per.get(c.index);
      row.expected += eids.length;
      row.received += r.received;
      row.unique += r.ids.size;
      row.lost += eids.length - r.eids.size;
      row.duplicated += r.received - r.ids.size;
      row.resets += c.resets - (resetsBefore.get(c.index) ?? 0);
    }
    return row;
  };
  const rows = [
    tally('on the killed gateway', (c) => movedSet.has(c.index)),
    tally('on the first gateway throughout', (c) => !movedSet.has(c.index)),
    tally('all', () => true),
  ];
  rows[0].noId = noId;
  rows[2].noId = noId;
  for (const c of moved)
    c.onClose = (client, error) =>
      fail(`stream of person ${client.index} closed by the server (${error?.message ?? 'end'})`);
  return { moved: moved.length, killedAfter, rows, reconnect: summarize('reconnect', reconnectTimes) };
}

await runBench(main, async () => {
  await Promise.all(clients.map((c) => c.close()));
  agent.destroy();
  await db?.close();
});
