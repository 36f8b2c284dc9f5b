/**
 * Errors of the directory area "Groups, group types, memberships": codes -150 … -169. Spread into the catalogue (errors.ts);
 * docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const groupsErrors = {
  GROUP_ERR_NOT_FOUND: {
    status: 404,
    code: -150,
    title: 'Not Found',
    message: 'The group does not exist.',
  },
  GROUP_ERR_PERMISSION_REQUIRED: {
    status: 403,
    code: -151,
    title: 'Forbidden',
    message: 'You do not hold the group permission this needs.',
  },
  GROUP_ERR_TYPE_NETWORK_ADMIN_ONLY: {
    status: 403,
    code: -152,
    title: 'Forbidden',
    message:
      'Only network administrators may create or delete business units, departments and local departments.',
  },
  GROUP_ERR_INVALID_PARENT: {
    status: 400,
    code: -153,
    title: 'Bad Request',
    message: 'The parent group is not allowed for this group type.',
  },
  GROUP_ERR_HAS_SUBGROUPS: {
    status: 409,
    code: -154,
    title: 'Conflict',
    message: 'The group still has subgroups.',
  },
  GROUP_ERR_XID_TAKEN: {
    status: 409,
    code: -155,
    title: 'Conflict',
    message: 'Another group of the network has this XID.',
  },
  GROUP_ERR_PROFILE_NOT_IN_NETWORK: {
    status: 400,
    code: -156,
    title: 'Bad Request',
    message: 'The profile is not an active member of this network.',
  },
  GROUP_ERR_MEMBERSHIP_NOT_FOUND: {
    status: 404,
    code: -157,
    title: 'Not Found',
    message: 'The profile has no membership of this group.',
  },
  GROUP_ERR_LAST_ADMIN: {
    status: 409,
    code: -158,
    title: 'Conflict',
    message:
      'A group must keep at least one administrator; only a network administrator may remove the last one.',
  },
  GROUP_ERR_INVITATIONS_PRIVATE: {
    status: 403,
    code: -159,
    title: 'Forbidden',
    message: 'Only network administrators may list the invitations of another profile.',
  },
  GROUP_ERR_NOT_INVITEE: {
    status: 403,
    code: -160,
    title: 'Forbidden',
    message: 'Only the invited profile may accept its invitation.',
  },
  GROUP_ERR_EXTERNAL_MAY_NOT_CREATE: {
    status: 403,
    code: -161,
    title: 'Forbidden',
    message: 'External members may not create groups.',
  },
  GROUP_ERR_USER_CALLER_REQUIRED: {
    status: 403,
    code: -162,
    title: 'Forbidden',
    message: 'Groups are read and written by users of the network; an app token has no profile here.',
  },
  GROUP_ERR_FILTER_GROUP_NOT_FOUND: {
    status: 400,
    code: -163,
    title: 'Bad Request',
    message: 'The group named by the filter is not a group of this network that you can see.',
  },
  GROUP_ERR_INVALID_NETWORK_THEME: {
    status: 400,
    code: -164,
    title: 'Bad Request',
    message: 'The network theme is not a theme of this network.',
  },
  GROUP_ERR_INVALID_REDIRECT_URI: {
    status: 400,
    code: -165,
    title: 'Bad Request',
    message:
      'A redirect URI must be an absolute https URL (http only for a loopback host), without user info or fragment, listed once.',
  },
} as const satisfies Record<string, ErrorDefinition>;
