/**
 * Query shapes, for the index-coverage test: with `MONGO_COMMAND_LOG_DIR`
 * set (the test stack only), a service records the shape of every read and write it sends to the
 * store — collection, the filter's keys with the kind of condition on each, the sort — and the
 * indexes its models declare. Values are never recorded (a filter may hold a token hash or an
 * email): only key names and operator kinds.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type mongoose from 'mongoose';

/** How a filter constrains one key. */
export type Condition = 'eq' | 'in' | 'range' | 'other';

export interface QueryShape {
  readonly db: string;
  readonly collection: string;
  /** `find`, `count`, `aggregate`, `update`, `delete`, `findAndModify`, `distinct`. */
  readonly command: string;
  /** The filter's keys (dotted paths) and their conditions; one entry per `$or` branch. */
  readonly branches: readonly Readonly<Record<string, Condition>>[];
  /** The sort, as `[key, 1 | -1]` pairs, in order; empty when unsorted. */
  readonly sort: readonly (readonly [string, number])[];
}

const SCALAR_OPERATORS: Readonly<Record<string, Condition>> = {
  $eq: 'eq',
  $in: 'in',
  $gt: 'range',
  $gte: 'range',
  $lt: 'range',
  $lte: 'range',
};

function isOperatorObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key.startsWith('$'));
}

/** The condition a filter puts on one key: the strongest of its operators (eq > in > range > other). */
function conditionOf(value: unknown): Condition {
  if (!isOperatorObject(value)) return 'eq'; // a plain value (ObjectId, Date, string, null…)
  const kinds = Object.keys(value).map((op) => SCALAR_OPERATORS[op] ?? 'other');
  for (const kind of ['eq', 'in', 'range'] as const) if (kinds.includes(kind)) return kind;
  return 'other';
}

/** The branches of a filter: `$or`/`$and` expanded, each branch a map of key → condition. */
export function branchesOf(filter: unknown): Record<string, Condition>[] {
  if (typeof filter !== 'object' || filter === null) return [{}];
  let branches: Record<string, Condition>[] = [{}];
  for (const [key, value] of Object.entries(filter as Record<string, unknown>)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const part of value) branches = cross(branches, branchesOf(part));
    } else if ((key === '$or' || key === '$nor') && Array.isArray(value)) {
      // `$nor` cannot use an index for its own conditions: the rest of the filter must.
      if (key === '$or')
        branches = cross(
          branches,
          value.flatMap((part) => branchesOf(part)),
        );
    } else if (!key.startsWith('$')) {
      for (const branch of branches) branch[key] = strongest(branch[key], conditionOf(value));
    }
  }
  return branches;
}

const ORDER: readonly Condition[] = ['eq', 'in', 'range', 'other'];
const strongest = (a: Condition | undefined, b: Condition): Condition =>
  a === undefined || ORDER.indexOf(b) < ORDER.indexOf(a) ? b : a;

function cross(left: Record<string, Condition>[], right: Record<string, Condition>[]) {
  return left.flatMap((l) =>
    right.map((r) => {
      const merged = { ...l };
      for (const [key, condition] of Object.entries(r)) merged[key] = strongest(merged[key], condition);
      return merged;
    }),
  );
}

/**
 * The sort as `[key, direction]` pairs. The driver hands a `find`'s sort over as a `Map` (it keeps
 * the keys' order), other commands' as a plain object.
 */
const sortOf = (sort: unknown): [string, number][] => {
  const entries: [string, unknown][] =
    sort instanceof Map
      ? [...(sort as Map<string, unknown>).entries()]
      : typeof sort === 'object' && sort !== null
        ? Object.entries(sort as Record<string, unknown>)
        : [];
  return entries.map(([key, dir]) => [key, Number(dir) < 0 ? -1 : 1]);
};

/** The shapes of one command (several for a bulk update or delete); none for other commands. */
export function shapesOf(db: string, command: Record<string, unknown>): QueryShape[] {
  const name = Object.keys(command)[0] ?? '';
  const collection = String(command[name]);
  const shape = (filter: unknown, sort: unknown = undefined): QueryShape => ({
    db,
    collection,
    command: name,
    branches: branchesOf(filter),
    sort: sortOf(sort),
  });
  switch (name) {
    case 'find':
      return [shape(command.filter, command.sort)];
    case 'count':
    case 'distinct':
      return [shape(command.query)];
    case 'findAndModify':
      return [shape(command.query, command.sort)];
    case 'update':
      return ((command.updates as { q?: unknown }[] | undefined) ?? []).map((u) => shape(u.q));
    case 'delete':
      return ((command.deletes as { q?: unknown }[] | undefined) ?? []).map((d) => shape(d.q));
    case 'aggregate': {
      const pipeline = (command.pipeline as Record<string, unknown>[] | undefined) ?? [];
      const match = pipeline[0]?.$match;
      const sortStage = pipeline.find((stage) => stage.$sort !== undefined);
      // A `$sort` right after the `$match` (or first) can be served by the index.
      const servedSort =
        pipeline.indexOf(sortStage!) <= (match === undefined ? 0 : 1) ? sortStage?.$sort : undefined;
      return [shape(match ?? {}, servedSort)];
    }
    default:
      return [];
  }
}

/** The recorder: what `connectDatabase` installs when a command log directory is configured. */
export function recordQueryShapes(connection: mongoose.Connection, service: string, dir: string): void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${service}-${process.pid}.jsonl`);
  const seen = new Map<string, number>();
  connection.getClient().on('commandStarted', (event) => {
    for (const shape of shapesOf(event.databaseName, event.command)) {
      const line = JSON.stringify({ kind: 'query', service, ...shape });
      const count = (seen.get(line) ?? 0) + 1;
      seen.set(line, count);
      // Each shape once, when first seen (the file stays small); counts are not needed for the check.
      if (count === 1) appendFileSync(file, `${line}\n`);
    }
  });
}

/** Records the indexes the connection's models declare (after `syncIndexes`). */
export function recordDeclaredIndexes(connection: mongoose.Connection, service: string, dir: string): void {
  const file = join(dir, `${service}-${process.pid}.jsonl`);
  for (const model of Object.values(connection.models)) {
    const indexes = model.schema.indexes().map(([keys, options]) => ({
      keys: Object.entries(keys).map(([key, dir]) => [key, Number(dir) < 0 ? -1 : 1]),
      unique: options.unique === true,
    }));
    const line = {
      kind: 'indexes',
      service,
      db: connection.name,
      collection: model.collection.name,
      indexes,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
}
