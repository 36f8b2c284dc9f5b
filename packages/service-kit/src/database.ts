/**
 * Each app owns its own mongoose connection and registers its models on it (STYLE.md §3):
 * no global mongoose.
 */
import mongoose from 'mongoose';
import type { Logger } from './logger.js';

export interface DatabaseOptions {
  readonly url: string;
  readonly dbName: string;
  readonly logger: Logger;
}

export async function connectDatabase(options: DatabaseOptions): Promise<mongoose.Connection> {
  const connection = mongoose.createConnection(options.url, {
    dbName: options.dbName,
    serverSelectionTimeoutMS: 10_000,
    autoIndex: true,
  });
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

/** MongoDB's duplicate-key error (E11000), raised by MongoDB and FerretDB alike. */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}

/** Only the named keys of a validated body, and only those present: no mass assignment. */
export function pick<K extends string>(body: unknown, keys: readonly K[]): Partial<Record<K, unknown>> {
  const source = (body ?? {}) as Record<string, unknown>;
  const picked: Partial<Record<K, unknown>> = {};
  for (const key of keys)
    if (Object.hasOwn(source, key) && source[key] !== undefined) picked[key] = source[key];
  return picked;
}
