/**
 * Errors of the directory area "Network settings, profiles, xid, postable types, roles, invitations": codes -130 … -149. Spread into the catalogue (errors.ts);
 * docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const directoryErrors = {
  DIR_ERR_FIELD_NOT_EDITABLE: {
    status: 403,
    code: -130,
    title: 'Forbidden',
    message: 'You may not change this field of this profile.',
  },
  DIR_ERR_LAST_ADMIN: {
    status: 409,
    code: -131,
    title: 'Conflict',
    message: 'The network must keep at least one active administrator.',
  },
  DIR_ERR_CANNOT_SUSPEND_SELF: {
    status: 400,
    code: -132,
    title: 'Bad Request',
    message: 'You cannot suspend yourself.',
  },
  DIR_ERR_NOT_SUSPENDABLE: {
    status: 409,
    code: -133,
    title: 'Conflict',
    message: 'Only active members can be suspended.',
  },
  DIR_ERR_ALREADY_MEMBER: {
    status: 409,
    code: -134,
    title: 'Conflict',
    message: 'The person is already an active member of this network.',
  },
  DIR_ERR_XID_TAKEN: {
    status: 409,
    code: -135,
    title: 'Conflict',
    message: 'Another profile of this network already has this XID.',
  },
  DIR_ERR_INVITATION_NOT_FOUND: {
    status: 404,
    code: -136,
    title: 'Not Found',
    message: 'The invitation does not exist.',
  },
  DIR_ERR_INVITATION_NOT_PENDING: {
    status: 409,
    code: -137,
    title: 'Conflict',
    message: 'The invitation was already accepted or has expired.',
  },
  DIR_ERR_ROLE_NOT_IN_VERSION: {
    status: 400,
    code: -138,
    title: 'Bad Request',
    message:
      'This role is not reported in the requested API version (from 1.4.8 every administrator is `admin`).',
  },
  DIR_ERR_INVALID_PROFILE_FIELD: {
    status: 400,
    code: -139,
    title: 'Bad Request',
    message: 'A profile field has a value that is not allowed.',
  },
  DIR_ERR_APP_PERMISSION_REQUIRED: {
    status: 403,
    code: -140,
    title: 'Forbidden',
    message: 'The app lacks the application permission this needs.',
  },
  DIR_ERR_IDENTITY_PROVIDER_ID_TAKEN: {
    status: 400,
    code: -141,
    title: 'Bad Request',
    message: 'Each identity provider of the network needs an id of its own.',
  },
} as const satisfies Record<string, ErrorDefinition>;
