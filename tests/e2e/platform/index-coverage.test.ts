/**
 * Index coverage: every query the services sent to the store during this
 * end-to-end run — recorded by each service's driver command monitoring (`MONGO_COMMAND_LOG_DIR`,
 * directory `NCS_QUERY_SHAPES_DIR`, set by vitest.config.ts; shapes only, never values) — is checked against the indexes that
 * service declares for that collection, by MongoDB's planning rules (tests/support/index-coverage.ts).
 * The local store uses no index, so this is how "flat as the collection grows" is shown here.
 * Runs after every other end-to-end file (its project's `groupOrder` in vitest.config.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { QueryShape } from '@ncs/service-kit';
import { indexName, supportingIndex, type DeclaredIndex } from '../../support/index-coverage.js';

/**
 * Queries allowed to scan, each with its reason: collections that stay tiny, or reads that are
 * meant to visit every document.
 */
const ALLOWED_SCANS: readonly {
  readonly collection: string;
  readonly keys: string;
  readonly reason: string;
}[] = [
  {
    collection: 'ncs_auth.profiles',
    keys: 'firstName',
    reason:
      'the start-up migration of profile names (directory/profile-names-migration.ts) looks once for profiles without `firstName`; it finds none after the first run',
  },
];

interface QueryLine extends QueryShape {
  readonly kind: 'query';
  readonly service: string;
}
interface IndexesLine {
  readonly kind: 'indexes';
  readonly service: string;
  readonly db: string;
  readonly collection: string;
  readonly indexes: DeclaredIndex[];
}

function readRecords(dir: string) {
  const queries = new Map<string, QueryLine>();
  const declared = new Map<string, DeclaredIndex[]>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.jsonl'))) {
    for (const text of readFileSync(join(dir, file), 'utf8').split('\n')) {
      if (text.trim() === '') continue;
      const line = JSON.parse(text) as QueryLine | IndexesLine;
      if (line.kind === 'indexes') declared.set(`${line.db}.${line.collection}`, line.indexes);
      else queries.set(JSON.stringify({ ...line, service: undefined }), line);
    }
  }
  return { queries: [...queries.values()], declared };
}

const describeShape = (shape: QueryShape) =>
  `${shape.command} ${shape.db}.${shape.collection} filter ${shape.branches
    .map(
      (branch) =>
        `{${Object.entries(branch)
          .map(([k, c]) => `${k}:${c}`)
          .join(', ')}}`,
    )
    .join(' | ')} sort {${shape.sort.map(([k, d]) => `${k}:${d}`).join(', ')}}`;

const keysOf = (shape: QueryShape) =>
  shape.branches.map((branch) => Object.keys(branch).sort().join(',')).join('|');

describe('index coverage of the queries of the end-to-end run', () => {
  it('finds an index serving every query shape the services sent, by MongoDB planning rules', () => {
    const dir = process.env.NCS_QUERY_SHAPES_DIR ?? '';
    expect(existsSync(dir), `no query shapes recorded in ${dir}`).toBe(true);
    const { queries, declared } = readRecords(dir);
    // The recorder ran: reads of the directory's main collections are among the shapes.
    expect(queries.some((q) => q.collection === 'profiles' && q.command === 'find')).toBe(true);
    expect(declared.size).toBeGreaterThan(10);

    const unserved: string[] = [];
    const served = new Map<string, number>();
    let allowed = 0;
    for (const shape of queries) {
      const index = supportingIndex(shape, declared.get(`${shape.db}.${shape.collection}`) ?? []);
      if (index) {
        const name = `${shape.db}.${shape.collection} {${indexName(index)}}`;
        served.set(name, (served.get(name) ?? 0) + 1);
        continue;
      }
      if (
        ALLOWED_SCANS.some(
          (a) => a.collection === `${shape.db}.${shape.collection}` && a.keys === keysOf(shape),
        )
      ) {
        allowed += 1;
        continue;
      }
      unserved.push(describeShape(shape));
    }
    const report = [
      `${queries.length} query shapes; ${queries.length - unserved.length - allowed} served by an index, ${allowed} allowed to scan, ${unserved.length} not served`,
      ...[...served.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([name, n]) => `  ${String(n).padStart(4)}  ${name}`),
    ].join('\n');
    process.stdout.write(`${report}\n`);
    expect(unserved.sort(), report).toEqual([]);
  });
});
