// `npm run bench:kb`: the two hot reads of the knowledge base through the real platform (gateway →
// NATS → kb → store) at two collection sizes: "list 20 pages of a category" and "read one page",
// for a category of 100 pages and one of 10,000 pages in the same network. Prints p50/p99 per case.
// The pages are seeded straight into the kb database in batches (through HTTP would take minutes).
//
// Environment: BENCH_DURATION (s per case, default 10), BENCH_CONNECTIONS (default 1).
import { measureAll, out, report, runBench, startPlatform } from './platform.mjs';

const { default: mongoose } = await import('mongoose');

let db;

async function main() {
  const { infra, stack, headers, networkEID, profileEID, api } = await startPlatform('bench-kb');
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

  // Reads first: a list that times out at the gateway keeps the store busy for a while after.
  const ordered = [
    ...cases.filter((c) => c.name.startsWith('read')),
    ...cases.filter((c) => !c.name.startsWith('read')),
  ];
  return report(await measureAll(ordered, headers));
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

await runBench(main, async () => db?.close());
