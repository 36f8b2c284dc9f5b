/**
 * Errors of the knowledge base: codes -201 … -299. Spread into the catalogue (errors.ts); docs/errors.md lists them in the same order.
 */
import type { ErrorDefinition } from '../core/errors.js';

export const kbErrors = {
  // Knowledge base (2xx).
  KB_ERR_CATEGORY_NOT_FOUND: {
    status: 404,
    code: -201,
    title: 'Not Found',
    message: 'The knowledge-base category does not exist.',
  },
  KB_ERR_PAGE_NOT_FOUND: {
    status: 404,
    code: -202,
    title: 'Not Found',
    message: 'The knowledge-base page does not exist.',
  },
  KB_ERR_MANAGE_PERMISSION_REQUIRED: {
    status: 403,
    code: -203,
    title: 'Forbidden',
    message: 'This needs the permission MANAGE_KNOWLEDGE_BASE.',
  },
  KB_ERR_PAGE_EDIT_FORBIDDEN: {
    status: 403,
    code: -204,
    title: 'Forbidden',
    message: 'Only administrators and the managers of the category may edit its pages.',
  },
  KB_ERR_PARENT_NOT_TOP_LEVEL: {
    status: 400,
    code: -205,
    title: 'Bad Request',
    message: 'A parent category must be a top-level category of the network.',
  },
  KB_ERR_CATEGORY_NOT_EMPTY: {
    status: 409,
    code: -206,
    title: 'Conflict',
    message: 'The category still has child categories or pages.',
  },
  KB_ERR_MANAGER_TOP_LEVEL_ONLY: {
    status: 400,
    code: -207,
    title: 'Bad Request',
    message: 'Managers can only be assigned to a top-level category.',
  },
  KB_ERR_MANAGER_PROFILE_NOT_FOUND: {
    status: 400,
    code: -208,
    title: 'Bad Request',
    message: 'The profile is not an active member of this network.',
  },
  KB_ERR_MANAGER_EXTERNAL_PROFILE: {
    status: 400,
    code: -209,
    title: 'Bad Request',
    message: 'An external profile cannot manage a category.',
  },
  KB_ERR_MANAGER_NOT_FOUND: {
    status: 404,
    code: -210,
    title: 'Not Found',
    message: 'The profile is not a manager of this category.',
  },
  KB_ERR_PUBLISHED_PAGE_EMPTY: {
    status: 400,
    code: -211,
    title: 'Bad Request',
    message: 'A published page needs a non-empty title and body.',
  },
} as const satisfies Record<string, ErrorDefinition>;
