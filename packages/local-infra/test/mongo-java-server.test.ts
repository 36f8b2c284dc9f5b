// NCS_STORE=mongo-java-server, against the real server: fetched with Maven and compiled
// into the cache on the first start, a store the driver 7 accepts, and an H2 file that keeps the data
// from one start to the next; writes that meet an index being created (the launcher's lock).
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import type { Collection } from 'mongodb';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';

import type { Infra } from '../src/index.js';
import { startInfra } from '../src/index.js';

const START_TIMEOUT_MS = 300_000;
type Notes = Collection<{ _id: string; text: string }>;

const VARIABLES = ['NATS_URL', 'MONGO_URL', 'NCS_STORE'] as const;

/** startInfra with MONGO_URL/NATS_URL unset and NCS_STORE set, the environment restored after. */
async function startWithStore(store: string, options: Parameters<typeof startInfra>[0]): Promise<Infra> {
  const saved = VARIABLES.map((name) => [name, process.env[name]] as const);
  delete process.env.NATS_URL;
  delete process.env.MONGO_URL;
  process.env.NCS_STORE = store;
  try {
    return await startInfra(options);
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

async function withNotes<T>(url: string, body: (notes: Notes) => Promise<T>): Promise<T> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5_000 });
  try {
    return await body(client.db('local_infra_mjs_test').collection('notes'));
  } finally {
    await client.close();
  }
}

/**
 * Writes to fresh collections while their indexes are created, as a service's first writes meet
 * mongoose creating its models' indexes. Returns the writes refused and, per collection, whether a
 * document written during the index build was left out of its unique index (a duplicate accepted).
 */
async function writeWhileIndexing(url: string, collections: number) {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 5_000 });
  try {
    const db = client.db('local_infra_mjs_indexing');
    const refused: string[] = [];
    let duplicatesAccepted = 0;
    for (let c = 0; c < collections; c++) {
      const collection = db.collection<{ n: number; k: number; done?: boolean }>(`c${c}`);
      const writes: Promise<unknown>[] = [];
      for (let i = 0; i < 6; i++) {
        writes.push(collection.createIndex({ [`k${i}`]: 1, n: 1 }));
      }
      writes.push(collection.createIndex({ k: 1 }, { unique: true }));
      for (let n = 0; n < 30; n++) writes.push(collection.insertOne({ n, k: n }));
      for (let n = 0; n < 10; n++) {
        writes.push(collection.updateOne({ n, done: { $exists: false } }, { $set: { done: true } }));
      }
      for (const result of await Promise.allSettled(writes)) {
        if (result.status === 'rejected') refused.push(String(result.reason));
      }
      const again = await collection.insertOne({ n: 99, k: 7 }).then(
        () => true,
        () => false,
      );
      if (again) duplicatesAccepted++;
    }
    return { refused, duplicatesAccepted };
  } finally {
    await client.close();
  }
}

describe('NCS_STORE=mongo-java-server', () => {
  const dataDir = fsp.mkdtemp(path.join(os.tmpdir(), 'ncs-mjs-test-'));

  afterAll(async () => {
    await fsp.rm(await dataDir, { recursive: true, force: true });
  });

  it(
    'starts mongo-java-server with its H2 file, which keeps the documents after a stop and a start',
    async () => {
      const first = await startWithStore('mongo-java-server', { dataDir: await dataDir });
      try {
        expect(first.kind.mongo).toBe('mongo-java-server');
        await withNotes(first.mongoUrl, async (notes) => {
          await notes.insertOne({ _id: 'n1', text: 'kept' });
        });
      } finally {
        await first.stop();
      }
      const again = await startWithStore('mongo-java-server', { dataDir: await dataDir });
      try {
        await withNotes(again.mongoUrl, async (notes) => {
          await expect(notes.findOne({ _id: 'n1' })).resolves.toEqual({ _id: 'n1', text: 'kept' });
        });
      } finally {
        await again.stop();
      }
    },
    START_TIMEOUT_MS,
  );

  it(
    'starts an empty in-memory store with NCS_STORE=mongo-java-server:memory',
    async () => {
      const infra = await startWithStore('mongo-java-server:memory', { ephemeral: true });
      try {
        expect(infra.kind.mongo).toBe('mongo-java-server');
        await withNotes(infra.mongoUrl, async (notes) => {
          await expect(notes.countDocuments()).resolves.toBe(0);
          await notes.insertOne({ _id: 'n2', text: 'in memory' });
          await expect(notes.countDocuments({ text: 'in memory' })).resolves.toBe(1);
        });
      } finally {
        await infra.stop();
      }
    },
    START_TIMEOUT_MS,
  );
});

describe('mongo-java-server while indexes are created', () => {
  it.each(['mongo-java-server:memory', 'mongo-java-server'])(
    '%s refuses no write and leaves no document out of a unique index',
    async (store) => {
      const infra = await startWithStore(store, { ephemeral: true });
      try {
        const { refused, duplicatesAccepted } = await writeWhileIndexing(infra.mongoUrl, 100);
        expect(refused).toEqual([]);
        expect(duplicatesAccepted).toBe(0);
      } finally {
        await infra.stop();
      }
    },
    START_TIMEOUT_MS,
  );
});
