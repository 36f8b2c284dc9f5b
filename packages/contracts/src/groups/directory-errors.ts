/**
 * Errors of the directory's group operations, part 3 (relations, users add/merge,
 * widgets): codes -224 … -233. Spread into the catalogue (errors.ts); docs/errors.md lists them in
 * the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const groupDirectoryErrors = {
  GROUP_ERR_INVALID_SUBGROUP: {
    status: 400,
    code: -224,
    title: 'Bad Request',
    message:
      'subgroup names no group of this network that you can see, or one of a type that cannot go here.',
  },
  GROUP_ERR_HAS_PARENT: {
    status: 409,
    code: -225,
    title: 'Conflict',
    message: 'The group has a parent already: detach it from that parent first.',
  },
  GROUP_ERR_RELATION_CYCLE: {
    status: 409,
    code: -226,
    title: 'Conflict',
    message: 'The group is this group or one of its ancestors: groups never form a cycle.',
  },
  GROUP_ERR_PARENT_REQUIRED: {
    status: 409,
    code: -227,
    title: 'Conflict',
    message: 'This type of group always has a parent: it cannot be detached.',
  },
  GROUP_ERR_RELATION_NOT_FOUND: {
    status: 404,
    code: -228,
    title: 'Not Found',
    message: 'The group is not a subgroup of this group.',
  },
  GROUP_ERR_WIDGET_NOT_FOUND: {
    status: 404,
    code: -229,
    title: 'Not Found',
    message: 'The group has no such widget.',
  },
  GROUP_ERR_TOO_MANY_WIDGETS: {
    status: 409,
    code: -230,
    title: 'Conflict',
    message: 'A group has at most 20 widgets: remove one first.',
  },
  GROUP_ERR_NOT_SPOTLIGHT: {
    status: 409,
    code: -231,
    title: 'Conflict',
    message: 'Only a spotlight widget has items.',
  },
  GROUP_ERR_SPOTLIGHT_USER_UNKNOWN: {
    status: 400,
    code: -232,
    title: 'Bad Request',
    message: 'A spotlight item of type user is not an active member of this network.',
  },
} as const satisfies Record<string, ErrorDefinition>;
