/**
 * Test support (not built): a network's EID and a user resource in it, which the HAL tests
 * (hal/links.test.ts, hal/embed.test.ts) turn into HAL or embed.
 */
import type { PlainResource } from '@ncs/contracts';

export const NET = '0123456789abcdef01234567';

export function newUser(EID: string, fields: Record<string, unknown> = {}): PlainResource {
  return { type: 'user', EID, network: { type: 'network', EID: NET }, userState: 'active', ...fields };
}
