/**
 * The stack this test file runs against: tests/setup/stack.ts starts one per worker slot, and two
 * end-to-end files run at the same time, each on the stack of its slot (`VITEST_POOL_ID`, 1 to the
 * tier's workers). Use `stack().baseUrl`, `.natsUrl`, `.mongoUrl`, `.logDir`, `.otlpUrl` rather than
 * `inject(...)`.
 */
import { inject } from 'vitest';
import type { StackInfo } from '../setup/stack.js';

export function stack(): StackInfo {
  const stacks = inject('stacks');
  const slot = Number(process.env.VITEST_POOL_ID ?? '1');
  const info = stacks[(slot - 1) % stacks.length];
  if (info === undefined) throw new Error(`no end-to-end stack for worker slot ${slot}`);
  return info;
}
