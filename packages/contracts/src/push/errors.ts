/**
 * Errors of devices, push and white-label apps: codes -400 … -414. Spread into the
 * catalogue (errors.ts); docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const pushErrors = {
  PUSH_ERR_DEVICE_NOT_FOUND: {
    status: 404,
    code: -400,
    title: 'Not Found',
    message: 'You have no such device.',
  },
  PUSH_ERR_WHITELABEL_APP_NOT_FOUND: {
    status: 404,
    code: -401,
    title: 'Not Found',
    message: 'The network has no such white-label app.',
  },
  PUSH_ERR_WHITELABEL_APP_UNKNOWN: {
    status: 400,
    code: -402,
    title: 'Bad Request',
    message: 'whitelabelApp names no white-label app of this network.',
  },
  PUSH_ERR_WHITELABEL_APP_FORBIDDEN: {
    status: 403,
    code: -403,
    title: 'Forbidden',
    message: 'White-label apps are registered by network administrators.',
  },
  PUSH_ERR_WHITELABEL_APP_EXISTS: {
    status: 409,
    code: -404,
    title: 'Conflict',
    message: 'The network has a white-label app with this projectId and platform already.',
  },
  PUSH_ERR_DEVICES_FOR_USERS: {
    status: 403,
    code: -405,
    title: 'Forbidden',
    message: 'Devices belong to users; an app has none.',
  },
} as const satisfies Record<string, ErrorDefinition>;
