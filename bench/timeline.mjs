// `npm run bench:timeline`: the network timeline through the real platform (gateway → NATS →
// messaging → store) at two sizes: the demo network's timeline holding 1,000 and then 10,000
// messages, with as many messages of other networks beside them in the same collection. Per size it
// prints p50/p99 of reading the first page of 20, a page deep in the timeline (the middle), and
// posting a message. The messages are seeded straight into the messaging database through the
// service's own model (so defaults and indexes are the service's), in batches.
//
// Environment: BENCH_DURATION (s per case, default 10), BENCH_CONNECTIONS (default 1),
// MONGO_URL (measure against a real MongoDB instead of the local store), BENCH_REACTIONS=1 (every
// message of the demo network carries three emoji and a reaction of the caller's: run with and
// without, alternately, to see what the reactions summary costs a page).
import { measureAll, out, report, runBench, startPlatform } from './platform.mjs';

const SIZES = [1_000, 10_000];
const { registerMessagingModels } = await import('../apps/messaging/dist/testing.js');
const { default: mongoose } = await import('mongoose');

let db;
const REACTIONS = process.env.BENCH_REACTIONS === '1';

async function main() {
  const { infra, stack, headers, networkEID, profileEID, api } = await startPlatform('bench-timeline');
  db = await mongoose.createConnection(infra.mongoUrl, { dbName: 'ncs_messaging' }).asPromise();
  const { Message, Reaction } = registerMessagingModels(db);
  await Promise.all([Message.init(), Reaction.init()]);
  const timeline = `/networks/${networkEID}/timeline/`;
  const results = [];
  let seeded = 0;
  for (const size of SIZES) {
    const started = Date.now();
    // Ours up to `size`, and as many of other networks beside them.
    await seedMessages(Message, {
      networkEID,
      authorEID: profileEID,
      from: seeded,
      to: size,
      reactions: Reaction,
    });
    await seedMessages(Message, {
      networkEID: otherNetwork(size),
      authorEID: profileEID,
      from: seeded,
      to: size,
    });
    seeded = size;
    out(
      `Seeded ${size} timeline messages (+${size} of other networks${REACTIONS ? '; each of ours with reactions' : ''}) in ${Date.now() - started} ms`,
    );
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
    // Measured at this size, before the next size is seeded.
    results.push(...(await measureAll(cases, headers)));
  }
  return report(results);
}

/** A made-up network EID (24 hex digits), one per size, so other tenants' data grows too. */
const otherNetwork = (size) => size.toString(16).padStart(24, 'f');

/** Inserts messages `from`…`to`-1 on the network timeline, one second apart, in batches. */
async function seedMessages(Message, { networkEID, authorEID, from, to, reactions }) {
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
        ...(reactions && REACTIONS
          ? {
              reactionCounts: [
                { emoji: '👍', count: 5 },
                { emoji: '🎉', count: 2 },
                { emoji: '❤️', count: 1 },
              ],
            }
          : {}),
      });
    }
    const inserted = await Message.insertMany(docs, { ordered: false, lean: false });
    if (reactions && REACTIONS) {
      // The caller's own reaction on each: the page's `me` flags have rows to find.
      await reactions.insertMany(
        inserted.map((message) => ({
          networkEID,
          messageEID: String(message._id),
          profileEID: authorEID,
          emoji: '👍',
        })),
        { ordered: false },
      );
    }
  }
}

await runBench(main, async () => db?.close());
