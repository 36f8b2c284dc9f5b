/**
 * Each app owns its own mongoose connection and registers its models on it (STYLE.md §3):
 * no global mongoose.
 */
import mongoose, { type Types } from 'mongoose';
import { measureDatabase } from './database-metrics.js';
import type { Logger } from './logger.js';
import { useIdentitySessionTables } from './request-tables.js';

export interface DatabaseOptions {
  readonly url: string;
  readonly dbName: string;
  readonly logger: Logger;
  /** The driver emits command events (the index-coverage recorder, tests only). */
  readonly monitorCommands?: boolean;
  /** Each operation's duration is measured (when metrics are served; database-metrics.ts). */
  readonly measureOperations?: boolean;
}

export async function connectDatabase(options: DatabaseOptions): Promise<mongoose.Connection> {
  const connection = mongoose.createConnection(options.url, {
    dbName: options.dbName,
    serverSelectionTimeoutMS: 10_000,
    autoIndex: true,
    monitorCommands: options.monitorCommands ?? false,
  });
  // Before the first operation (what the driver's own sets keep is promoted).
  useIdentitySessionTables(connection.getClient());
  // Before the first operation too: the pools are created with it.
  measureDatabase(connection, { operations: options.measureOperations === true });
  connection.on('disconnected', () =>
    options.logger.warn({ dbName: options.dbName }, 'database disconnected'),
  );
  connection.on('reconnected', () => options.logger.info({ dbName: options.dbName }, 'database reconnected'));
  await connection.asPromise();
  return connection;
}

/** Creates the indexes of every model on the connection (before serving, so uniqueness holds). */
export async function syncIndexes(connection: mongoose.Connection): Promise<void> {
  await Promise.all(Object.values(connection.models).map((model) => model.createIndexes()));
}

/**
 * A unique-index violation: MongoDB's duplicate-key error (E11000), which the local store raises on
 * inserts too; on an update that breaks a unique index, FerretDB 1.x (SQLite) answers an internal
 * error naming the SQLite constraint instead. Either way a clash, answered as a 409 (`CONFLICT`) by
 * the RPC server unless the caller turns it into a more precise domain error.
 */
export function isDuplicateKeyError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ((error as { code?: unknown }).code === 11000) return true;
  return error instanceof Error && error.message.includes('UNIQUE constraint failed');
}

/**
 * The timestamps every stored document carries (mongoose's `timestamps` option, under the names
 * the spec's resources use): `created` and `lastModified`.
 */
export const timestamps = { createdAt: 'created', updatedAt: 'lastModified' } as const;

/** A stored document: its EID as `_id` (an ObjectId) and the timestamps. */
export interface StoredDocument {
  readonly _id: Types.ObjectId;
  readonly created: Date;
  readonly lastModified: Date;
}

/** Only the named keys of a validated body, and only those present: no mass assignment. */
export function pick<K extends string>(body: unknown, keys: readonly K[]): Partial<Record<K, unknown>> {
  const source = (body ?? {}) as Record<string, unknown>;
  const picked: Partial<Record<K, unknown>> = {};
  for (const key of keys)
    if (Object.hasOwn(source, key) && source[key] !== undefined) picked[key] = source[key];
  return picked;
}
