/** What the notifications service tests share: a runtime on the tier's NATS and store, in a database of its own. */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createServiceRuntime, type RuntimeHandle } from '@ncs/service-kit';

/** A new EID (24 hex digits). */
export const eid = (): string => randomBytes(12).toString('hex');

/** A notifications runtime whose database is `<prefix>_<random>` (drop it after the file). */
export function testRuntime(prefix: string): Promise<RuntimeHandle> {
  return createServiceRuntime({
    service: 'notifications',
    natsUrl: inject('natsUrl'),
    mongoUrl: inject('mongoUrl'),
    dbName: `${prefix}_${randomBytes(4).toString('hex')}`,
    rpcTimeoutMs: 2_000,
    logLevel: 'warn',
  });
}
