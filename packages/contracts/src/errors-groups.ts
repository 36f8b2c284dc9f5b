/**
 * Errors of the directory area "Groups, group types, memberships": codes -150 … -169. Spread into the catalogue (errors.ts);
 * docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from './errors.js';

export const groupsErrors = {} as const satisfies Record<string, ErrorDefinition>;
