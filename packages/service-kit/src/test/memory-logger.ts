/**
 * For unit tests only (`src/test/` is left out of the build): a logger of `createLogger` writing
 * into memory.
 */
import { Writable } from 'node:stream';
import { createLogger } from '../logger.js';

/** A logger writing into memory; `records()` parses what was written so far. */
export function memoryLogger(level?: string, service = 'kb') {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = createLogger({ service, destination, ...(level === undefined ? {} : { level }) });
  return {
    logger,
    text: () => chunks.join(''),
    records: () =>
      chunks
        .join('')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
