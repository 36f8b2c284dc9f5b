/**
 * What the end-to-end suite leaves in the store: the local store scans whole collections for every
 * query, so the biggest collections at the end of a run are where later tests lose their time.
 * Printed after the run (and written to the log directory) to keep an eye on the suite's cost.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import mongoose from 'mongoose';

export async function reportStoreSize(mongoUrl: string, logDir: string): Promise<void> {
  const connection = await mongoose.createConnection(mongoUrl).asPromise();
  try {
    const admin = connection.db!.admin();
    const { databases } = await admin.listDatabases();
    const rows: { name: string; count: number }[] = [];
    for (const { name } of databases) {
      const db = connection.getClient().db(name);
      for (const collection of await db.listCollections({}, { nameOnly: true }).toArray()) {
        rows.push({
          name: `${name}.${collection.name}`,
          count: await db.collection(collection.name).countDocuments(),
        });
      }
    }
    rows.sort((a, b) => b.count - a.count);
    const total = rows.reduce((sum, row) => sum + row.count, 0);
    const lines = [
      `[store] ${total} documents in ${rows.length} collections at the end of the run; the largest:`,
      ...rows.slice(0, 15).map((row) => `[store]   ${String(row.count).padStart(7)}  ${row.name}`),
    ];
    writeFileSync(join(logDir, 'store-size.txt'), `${rows.map((r) => `${r.count}\t${r.name}`).join('\n')}\n`);
    process.stderr.write(`${lines.join('\n')}\n`);
  } finally {
    await connection.close();
  }
}
