/**
 * Errors of the notifications service: codes -400 … -429. Spread into the catalogue (errors.ts);
 * docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const notificationsErrors = {} as const satisfies Record<string, ErrorDefinition>;
