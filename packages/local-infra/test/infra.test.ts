// startInfra against real servers (no mocks): the local path on this machine, or containers where a
// Docker engine is reachable. The service tier's globalSetup has already started one set and put its
// URLs in NATS_URL/MONGO_URL; these tests unset them to make startInfra start its own.
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';

import { MongoClient } from 'mongodb';
import { connect, JSONCodec } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Infra } from '../src/index.js';
import { MissingPrerequisiteError, startInfra } from '../src/index.js';
import { locateGo, locateNatsServer } from '../src/binaries.js';
import { localNatsEnvironment } from '../src/nats.js';

const START_TIMEOUT_MS = 180_000;
const INFRA_VARIABLES = ['NATS_URL', 'MONGO_URL'] as const;

/** Runs `body` with NATS_URL/MONGO_URL set to `values` (unset when undefined), then restores them. */
async function withInfraEnv<T>(
  values: Partial<Record<(typeof INFRA_VARIABLES)[number], string>>,
  body: () => Promise<T>,
): Promise<T> {
  const saved = INFRA_VARIABLES.map((name) => [name, process.env[name]] as const);
  for (const name of INFRA_VARIABLES) {
    const value = values[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  try {
    return await body();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

function hostAndPort(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port) };
}

/** Whether a TCP connection to the server of `url` is accepted (false when refused). */
function acceptsConnections(url: string): Promise<boolean> {
  const { host, port } = hostAndPort(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function pingMongo(url: string): Promise<void> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5_000 });
  try {
    await client.db('admin').command({ ping: 1 });
  } finally {
    await client.close();
  }
}

const noLog = (): void => undefined;

/** The environment of the nats-server process started with `-p <port>`, read from /proc (Linux). */
function natsServerEnvironment(port: number): Map<string, string> {
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // gone meanwhile
    }
    if (!argv[0]?.endsWith('nats-server') || argv[argv.indexOf('-p') + 1] !== String(port)) continue;
    const variables = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').filter(Boolean);
    return new Map(variables.map((v) => [v.slice(0, v.indexOf('=')), v.slice(v.indexOf('=') + 1)]));
  }
  throw new Error(`no nats-server process listens on port ${port}`);
}

describe('startInfra', () => {
  let infra: Infra | undefined;

  beforeAll(async () => {
    infra = await withInfraEnv({}, () => startInfra({ ephemeral: true }));
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    await infra?.stop();
  });

  function started(): Infra {
    if (!infra) throw new Error('startInfra did not start');
    return infra;
  }

  it('starts its own servers when NATS_URL and MONGO_URL are unset', () => {
    const { kind, natsUrl, mongoUrl } = started();
    expect(kind.nats).not.toBe('env');
    expect(kind.mongo).not.toBe('env');
    expect(natsUrl).toMatch(/^nats:\/\/[^/]+:\d+$/);
    expect(mongoUrl).toMatch(/^mongodb:\/\/[^/]+:\d+\/(\?.*)?$/);
  });

  it.runIf(process.platform === 'linux')(
    'runs its own nats-server on one processor (GOMAXPROCS=1) unless GOMAXPROCS is set',
    () => {
      const { kind, natsUrl } = started();
      if (kind.nats !== 'local') return; // a container's environment is its image's
      const environment = natsServerEnvironment(hostAndPort(natsUrl).port);
      expect(environment.get('GOMAXPROCS')).toBe(process.env.GOMAXPROCS || '1');
    },
  );

  it('gives a store where documents can be inserted and found', async () => {
    const client = new MongoClient(started().mongoUrl, { serverSelectionTimeoutMS: 5_000 });
    try {
      const notes = client.db('local_infra_test').collection<{ _id: string; text: string }>('notes');
      await notes.insertOne({ _id: 'n1', text: 'hello' });
      await expect(notes.findOne({ _id: 'n1' })).resolves.toEqual({ _id: 'n1', text: 'hello' });
    } finally {
      await client.close();
    }
  });

  it('gives NATS with request/reply and JetStream de-duplication by msgID', async () => {
    const nc = await connect({ servers: started().natsUrl, timeout: 5_000 });
    try {
      const codec = JSONCodec<{ n: number }>();
      const subscription = nc.subscribe('local-infra.test.double', {
        callback: (_error, message) => message.respond(codec.encode({ n: codec.decode(message.data).n * 2 })),
      });
      const reply = await nc.request('local-infra.test.double', codec.encode({ n: 21 }), { timeout: 5_000 });
      expect(codec.decode(reply.data)).toEqual({ n: 42 });
      subscription.unsubscribe();

      const jsm = await nc.jetstreamManager();
      await jsm.streams.add({ name: 'LOCAL_INFRA_TEST', subjects: ['local-infra.test.events.>'] });
      const js = nc.jetstream();
      const first = await js.publish('local-infra.test.events.a', codec.encode({ n: 1 }), {
        msgID: 'event-1',
      });
      const again = await js.publish('local-infra.test.events.a', codec.encode({ n: 1 }), {
        msgID: 'event-1',
      });
      expect(first.duplicate).toBe(false);
      expect(again.duplicate).toBe(true);
      expect(again.seq).toBe(first.seq);
    } finally {
      await nc.close();
    }
  });

  it('uses NATS_URL and MONGO_URL when set, and leaves those servers running on stop', async () => {
    const { natsUrl, mongoUrl } = started();
    const fromEnv = await withInfraEnv({ NATS_URL: natsUrl, MONGO_URL: mongoUrl }, () => startInfra());
    expect(fromEnv.kind).toEqual({ nats: 'env', mongo: 'env' });
    expect(fromEnv.natsUrl).toBe(natsUrl);
    expect(fromEnv.mongoUrl).toBe(mongoUrl);

    await fromEnv.stop();
    await fromEnv.stop(); // idempotent
    await pingMongo(mongoUrl);
    const nc = await connect({ servers: natsUrl, timeout: 5_000 });
    await nc.close();
  });

  it(
    'stops what it started: both ports refuse connections afterwards',
    async () => {
      const own = await withInfraEnv({}, () => startInfra({ ephemeral: true, log: noLog }));
      await expect(acceptsConnections(own.natsUrl)).resolves.toBe(true);
      await expect(acceptsConnections(own.mongoUrl)).resolves.toBe(true);

      await own.stop();
      await own.stop(); // idempotent
      await expect(acceptsConnections(own.natsUrl)).resolves.toBe(false);
      await expect(acceptsConnections(own.mongoUrl)).resolves.toBe(false);
    },
    START_TIMEOUT_MS,
  );
});

describe('localNatsEnvironment', () => {
  it('gives the local broker one processor, or the GOMAXPROCS of the environment', () => {
    expect(localNatsEnvironment({})).toEqual({ GOMAXPROCS: '1' });
    expect(localNatsEnvironment({ GOMAXPROCS: '' })).toEqual({ GOMAXPROCS: '1' });
    expect(localNatsEnvironment({ GOMAXPROCS: '2' })).toEqual({ GOMAXPROCS: '2' });
  });
});

describe('missing prerequisites', () => {
  it('names the nats-server package to install when it is not found', async () => {
    const located = locateNatsServer({ searchPath: '', fallbackDirs: [], log: noLog });
    await expect(located).rejects.toBeInstanceOf(MissingPrerequisiteError);
    await expect(located).rejects.toThrow('apt-get install nats-server');
  });

  it('says to install Go (or set MONGO_URL) when go is not found', () => {
    const locate = (): string => locateGo({ searchPath: '', fallbackDirs: [] });
    expect(locate).toThrow(MissingPrerequisiteError);
    expect(locate).toThrow(/install Go .*golang.*go\.dev.*MONGO_URL/);
  });
});
