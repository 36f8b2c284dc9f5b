// What the benchmarks of many people share (bench/stream.mjs, bench/capacity.mjs): people of one
// network and their access tokens written straight into auth's store, a lightweight reader of one
// person's live stream, the load generator's HTTP call, and /proc and percentile helpers.
//
// People and their access tokens go through auth's own models (`@ncs/auth/testing`, as
// bench/timeline.mjs seeds messages): an account without a password, an active profile, and an
// access token document exactly as the password grant stores it (its SHA-256, kind `access`, the
// demo client, grant `password`). The gateway then looks each token up in auth as it would any
// other. Why not password grants: each verifies an scrypt hash of 32 MiB (N=2^15) in auth, ~1–2 min
// of one core per thousand on this VM and auth's memory with it, and the per-address sign-in
// throttle would refuse most; the grant's own code is not what these benchmarks measure.
import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ACCEPT } from './platform.mjs';

/** The demo OAuth client (scripts/demo-client.mjs): the tokens are issued to it, as its grants are. */
export const CLIENT_ID = process.env.DEMO_CLIENT_ID ?? 'ncs-demo-app';

const { registerAuthModels, newOpaqueToken, sha256 } = await import('../apps/auth/dist/testing.js');
const { default: mongoose } = await import('mongoose');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Seeding.

/**
 * One network of `count` people (person 0 its administrator, the others members), each with an
 * access token valid for `hours`, through auth's models (`insertMany`). Returns the connection to
 * auth's store (the caller closes it), its models, the network and the people
 * (`{ index, networkEID, profileEID, token, accountId }`).
 */
export async function seedPeople({ mongoUrl, count, label, networkName, hours = 2 }) {
  const db = await mongoose.createConnection(mongoUrl, { dbName: 'ncs_auth' }).asPromise();
  const m = registerAuthModels(db);
  const subdomain = `${label}-${randomBytes(3).toString('hex')}`;
  const network = await m.Network.create({ subdomain, name: networkName });
  const networkEID = String(network._id);
  const now = Date.now();
  const accounts = Array.from({ length: count }, (_, i) => ({
    _id: new mongoose.Types.ObjectId(),
    email: `p${i}@${subdomain}.example`,
    firstName: 'Bench',
    lastName: `Person ${i}`,
  }));
  await m.Account.insertMany(accounts, { ordered: false });
  const profiles = accounts.map((account, i) => ({
    _id: new mongoose.Types.ObjectId(),
    networkEID,
    accountId: String(account._id),
    role: i === 0 ? 'admin' : 'member',
    firstName: 'Bench',
    lastName: `Person ${i}`,
  }));
  await m.Profile.insertMany(profiles, { ordered: false });
  const people = profiles.map((profile, i) => ({
    index: i,
    networkEID,
    profileEID: String(profile._id),
    token: newOpaqueToken(),
    accountId: profile.accountId,
  }));
  // What the password grant stores for its access token (oauth/grants.ts).
  await m.Token.insertMany(
    people.map((p) => ({
      hash: sha256(p.token),
      kind: 'access',
      accountId: p.accountId,
      clientId: CLIENT_ID,
      familyId: randomUUID(),
      grantType: 'password',
      networkEID: null,
      expiresAt: new Date(now + hours * 3600_000),
    })),
    { ordered: false },
  );
  return { db, models: m, networkEID, people };
}

// ---------------------------------------------------------------------------------------------
// A lightweight SSE reader over plain `http`: it splits blocks and reads `id:`, `event:` and the
// data line, and hands each block to `onEvent(client, event, id, dataLine, at)` (`at`: the
// `performance.now()` of the chunk that carried it). What to take out of the data is the caller's:
// a benchmark matches events by string search, not a JSON parse per event.

/** The 24-character EID of the first `"EID":"` after `key` in `data`, or undefined. */
export function eidIn(data, key, from = 0) {
  const at = data.indexOf(key, from);
  if (at < 0) return undefined;
  const eid = data.indexOf('"EID":"', at + key.length);
  return eid < 0 ? undefined : data.slice(eid + 7, eid + 31);
}

export class StreamClient {
  constructor(index, person, onEvent) {
    this.index = index;
    this.person = person;
    this.onEvent = onEvent;
    this.lastId = undefined;
    this.req = undefined;
    this.closed = true;
    this.ended = Promise.resolve();
    this.onClose = undefined;
    this.resets = 0;
  }

  /** Opens on `baseUrl`; resolves at the first `counters` event (the stream is live), rejects on non-200. */
  open(baseUrl, { lastEventId } = {}) {
    const url = new URL(`/networks/${this.person.networkEID}/stream`, baseUrl);
    this.closed = false;
    let buffer = '';
    return new Promise((resolve, reject) => {
      let live = false;
      let endedResolve;
      this.ended = new Promise((r) => (endedResolve = r));
      const req = http.request(url, {
        agent: false,
        headers: {
          authorization: `Bearer ${this.person.token}`,
          accept: ACCEPT,
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
      });
      this.req = req;
      const closed = (error) => {
        if (this.closed) return;
        this.closed = true;
        endedResolve();
        if (!live) reject(error ?? new Error(`stream of person ${this.index} closed before it was live`));
        else this.onClose?.(this, error);
      };
      req.on('error', closed);
      req.on('response', (res) => {
        if (res.statusCode !== 200) {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => {
            this.closed = true;
            endedResolve();
            reject(new Error(`stream of person ${this.index}: ${res.statusCode} ${body.slice(0, 300)}`));
          });
          return;
        }
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          const at = performance.now();
          buffer += chunk;
          let start = 0;
          for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n', start)) {
            const block = buffer.slice(start, cut);
            start = cut + 2;
            const event = this.block(block, at);
            if (event === 'counters' && !live) {
              live = true;
              resolve();
            }
          }
          buffer = buffer.slice(start);
        });
        res.on('error', closed);
        res.on('close', () => closed());
      });
      req.end();
    });
  }

  block(block, at) {
    if (block.charCodeAt(0) === 58 /* ':' heartbeat */) return 'comment';
    let id;
    let event = 'retry'; // the stream's first block, `retry: 2000`, has no event name
    let data;
    for (const line of block.split('\n')) {
      if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data = line;
    }
    if (id !== undefined) this.lastId = id;
    if (event === 'reset') this.resets += 1;
    this.onEvent(this, event, id, data, at);
    return event;
  }

  close() {
    this.onClose = undefined;
    this.req?.destroy();
    return this.ended;
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP calls of the load generator: one keep-alive agent; the 2xx time is when the answer's head
// arrives (`response`), the body (JSON when it parses) is read after.

/**
 * `call(baseUrl, method, path, token, body?)` over `agent`: resolves `{ status, body, at, sent }`
 * on 2xx (`sent`, `at`: `performance.now()` of sending and of the answer's head), rejects otherwise
 * with an Error carrying `status` (undefined when no answer came).
 */
export function caller(agent) {
  return function call(baseUrl, method, path, token, body) {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(new URL(path, baseUrl), {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          accept: ACCEPT,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        const at = performance.now();
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          let json;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = text;
          }
          if (res.statusCode < 200 || res.statusCode >= 300) {
            const error = new Error(`${method} ${path}: ${res.statusCode} ${text.slice(0, 400)}`);
            error.status = res.statusCode;
            reject(error);
          } else resolve({ status: res.statusCode, body: json, at, sent });
        });
      });
      const sent = performance.now();
      req.end(payload);
    });
  };
}

// ---------------------------------------------------------------------------------------------
// /proc readings of a process, and statistics.

/** The resident set of `pid` in KiB (NaN when it is gone). */
export function rssKiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

/** The `p`-th percentile of an ascending array (NaN when empty). */
export const pct = (sorted, p) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Milliseconds for a table: whole from 100 up, one decimal below, `—` when there is none. */
export const fmt = (ms) =>
  Number.isFinite(ms) ? (Math.abs(ms) >= 100 ? ms.toFixed(0) : ms.toFixed(1)) : '—';
