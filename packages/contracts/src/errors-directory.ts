/**
 * Errors of the directory area "Network settings, profiles, xid, postable types, roles, invitations": codes -130 … -149. Spread into the catalogue (errors.ts);
 * docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from './errors.js';

export const directoryErrors = {} as const satisfies Record<string, ErrorDefinition>;
