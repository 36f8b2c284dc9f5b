/**
 * Errors of the directory's network operations: codes -214 … -229. Spread
 * into the catalogue (errors.ts); docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const networkAdminErrors = {
  LABEL_ERR_NOT_FOUND: {
    status: 404,
    code: -214,
    title: 'Not Found',
    message: 'The network has no such label.',
  },
  LABEL_ERR_NAME_TAKEN: {
    status: 409,
    code: -215,
    title: 'Conflict',
    message: 'The network has a label of this name already (names are compared whatever their case).',
  },
  SUBSCRIPTION_ERR_NOT_AN_UPGRADE: {
    status: 409,
    code: -216,
    title: 'Conflict',
    message: 'An upgrade goes to a higher plan than the current one.',
  },
  SUBSCRIPTION_ERR_NOT_A_DOWNGRADE: {
    status: 409,
    code: -217,
    title: 'Conflict',
    message: 'A downgrade goes to a lower plan than the current one.',
  },
  TERMS_ERR_NOT_CURRENT: {
    status: 409,
    code: -218,
    title: 'Conflict',
    message: 'Only the current version of the terms of service can be accepted.',
  },
  TERMS_ERR_PUBLISH_RACE: {
    status: 409,
    code: -219,
    title: 'Conflict',
    message: 'Another version of the terms of service was published at the same time; try again.',
  },
  NETWORK_ADMIN_ERR_BUSY: {
    status: 409,
    code: -220,
    title: 'Conflict',
    message: 'The network is being changed by another request; try again.',
  },
  SYNC_ERR_ACCOUNT_HAS_OTHER_XID: {
    status: 409,
    code: -221,
    title: 'Conflict',
    message: 'The account is a member of this network under another XID.',
  },
  NETWORK_ERR_THEME_UNKNOWN: {
    status: 400,
    code: -222,
    title: 'Bad Request',
    message: 'theme names no theme of this network.',
  },
  SYNC_ERR_SIGN_IN_NAME_REQUIRED: {
    status: 400,
    code: -223,
    title: 'Bad Request',
    message: 'A new profile needs an email or a username.',
  },
} as const satisfies Record<string, ErrorDefinition>;
