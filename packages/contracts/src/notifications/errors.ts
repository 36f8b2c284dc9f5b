/**
 * Errors of the notifications service: codes -400 … -429. Spread into the catalogue (errors.ts);
 * docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const notificationsErrors = {
  NOTIF_ERR_ALERT_NOT_FOUND: {
    status: 404,
    code: -400,
    title: 'Not Found',
    message: 'The alert does not exist.',
  },
} as const satisfies Record<string, ErrorDefinition>;
