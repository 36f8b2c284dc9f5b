/**
 * Errors of default avatars, emblems and branding CSS: codes -234 … -239. Spread into
 * the catalogue (errors.ts); docs/errors.md lists them in the same order. Another network's profile
 * (or none) is the shared `AUTH_ERR_PROFILE_NOT_FOUND` (-102).
 */
import type { ErrorDefinition } from '../core/errors.js';

export const brandingErrors = {
  BRANDING_ERR_UNKNOWN_GROUP_TYPE: {
    status: 404,
    code: -234,
    title: 'Not Found',
    message: 'There is no such group type, so no default emblem for it.',
  },
} as const satisfies Record<string, ErrorDefinition>;
