/**
 * Errors of the directory's group operations (membership requests, `lockedBy`, group
 * users `add`/`merge`, relations, widgets): codes -230 … -249. Spread into the catalogue
 * (errors.ts); docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const groupOpsErrors = {
  GROUP_ERR_ALREADY_MEMBER: {
    status: 409,
    code: -240,
    title: 'Conflict',
    message: 'You are a member of this group already, or invited to it (accept the invitation instead).',
  },
  GROUP_ERR_REQUEST_NOT_FOUND: {
    status: 404,
    code: -241,
    title: 'Not Found',
    message: 'The profile has no pending membership request for this group.',
  },
  GROUP_ERR_MEMBERSHIP_LOCKED: {
    status: 409,
    code: -242,
    title: 'Conflict',
    message:
      'The membership is locked by an organisational sync (lockedBy): it is not removed or changed by hand.',
  },
} as const satisfies Record<string, ErrorDefinition>;
