/**
 * Errors of the directory area "Apps, manifests, installations, signed requests": codes -190 … -199. Spread into the catalogue (errors.ts);
 * docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from './errors.js';

export const appsErrors = {} as const satisfies Record<string, ErrorDefinition>;
