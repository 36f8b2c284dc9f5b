/**
 * Errors of the caller's account operations: codes -212 … -239. Spread into the
 * catalogue (errors.ts); docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const accountErrors = {
  ACCOUNT_ERR_SESSION_NOT_FOUND: {
    status: 404,
    code: -212,
    title: 'Not Found',
    message: 'You have no such session.',
  },
  ACCOUNT_ERR_NOT_OWNER: {
    status: 403,
    code: -213,
    title: 'Forbidden',
    message: 'Only the person themselves changes their settings, new features or presence.',
  },
} as const satisfies Record<string, ErrorDefinition>;
