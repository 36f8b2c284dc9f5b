/**
 * Errors of the directory area "Apps, manifests, installations, signed requests": codes -190 … -199. Spread into the catalogue (errors.ts);
 * docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const appsErrors = {
  APPS_ERR_APP_NOT_FOUND: {
    status: 404,
    code: -190,
    title: 'Not Found',
    message: 'The app does not exist.',
  },
  APPS_ERR_APP_NOT_INSTALLED: {
    status: 404,
    code: -191,
    title: 'Not Found',
    message: 'The app is not installed in this network.',
  },
  APPS_ERR_UNKNOWN_APP: {
    status: 400,
    code: -192,
    title: 'Bad Request',
    message: 'No app has this EID.',
  },
  APPS_ERR_INVALID_MANIFEST: {
    status: 400,
    code: -193,
    title: 'Bad Request',
    message: 'The app manifest is invalid.',
  },
  APPS_ERR_APP_TOKEN_REQUIRED: {
    status: 403,
    code: -194,
    title: 'Forbidden',
    message: 'Only the app itself may do this, with its own client-credentials token.',
  },
  APPS_ERR_MANIFEST_FORBIDDEN: {
    status: 403,
    code: -195,
    title: 'Forbidden',
    message: "Only the app itself and network administrators may read an app's manifest.",
  },
  APPS_ERR_USER_TOKEN_REQUIRED: {
    status: 403,
    code: -196,
    title: 'Forbidden',
    message: "This needs a user's token, not an app token.",
  },
  APPS_ERR_NO_SIGNING_SECRET: {
    status: 409,
    code: -197,
    title: 'Conflict',
    message:
      'The app has no signing secret yet (the app creates one with POST /apps/{appEID}/signing-secret).',
  },
  APPS_ERR_UNKNOWN_ENTRY_POINT: {
    status: 400,
    code: -198,
    title: 'Bad Request',
    message: 'The app has no such entry point for this user.',
  },
  APPS_ERR_NOT_AUTHORIZED: {
    status: 404,
    code: -199,
    title: 'Not Found',
    message: 'You have not authorized this app in this network.',
  },
} as const satisfies Record<string, ErrorDefinition>;
